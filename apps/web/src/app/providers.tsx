import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@sira/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createQueryClient, queryClient } from '~/config/query-client';
import { cssVariablesResolver, theme } from '~/config/theme';
import { endFirstScreen, seedFirstScreen, useFirstScreenData } from './first-screen';

let seededInBrowser = false;

export function AppProviders({ children }: { children: ReactNode }) {
  // The server renders public pages for every visitor (ADR 004): each render gets a client of its own, so no
  // page is drawn from data an earlier render fetched. The browser keeps one for the tab.
  const firstScreen = useFirstScreenData();
  const [client] = useState(() => {
    const onServer = typeof document === 'undefined';
    const client = onServer ? createQueryClient() : queryClient;
    // A signed-in page the server drew with the user's data (first-screen.tsx) starts from the same answers, so
    // the browser draws exactly what the HTML shows.
    if (firstScreen && (onServer || !seededInBrowser)) seedFirstScreen(client, firstScreen);
    if (!onServer) seededInBrowser = true;
    return client;
  });
  useEffect(() => endFirstScreen(client), [client]);
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        {/* Toasts at top centre for 5 s, each with a close button (spec §2 "App shell"). */}
        <Notifications position="top-center" autoClose={TOAST_DURATION_MS} zIndex={1000} />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
