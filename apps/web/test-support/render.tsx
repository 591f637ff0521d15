import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '~/config/query-client';
import { cssVariablesResolver, theme } from '~/config/theme';

/**
 * Renders a component as the app does (app/providers.tsx): right to left, the app's theme, the toasts, a query
 * client of its own (the app's settings), inside a router at `path`. Mantine's test mode drops transitions and portals, so
 * a dropdown's options are in the page at once. Returns the user to drive it with too.
 */
export function renderInApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = createQueryClient();
  // No pause between a user's events: nothing here waits on real time. A file input's `accept` only steers the
  // browser's picker (a user may pick any file), so a test may pick a file it does not name.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const view = render(
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} env="test">
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>,
  );
  return { ...view, client, user };
}

/** The toast saying `text` (its words may be split by left-to-right runs), once it shows. */
export const findToast = (text: string) =>
  waitFor(() => {
    const toast = [...document.querySelectorAll('.mantine-Notification-root')].find((node) => node.textContent === text);
    if (!toast) throw new Error(`No toast says: ${text}`);
    return toast;
  });
