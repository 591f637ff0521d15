import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import arabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';

import {
  Anchor,
  Button,
  ColorSchemeScript,
  Container,
  DirectionProvider,
  MantineProvider,
  mantineHtmlProps,
  Stack,
  Title,
} from '@mantine/core';
import { ar } from '@sira/shared';
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, UNSAFE_FrameworkContext, useMatches } from 'react-router';
import { SITE_URL, SITE_URL_META } from '~/config/site';
import { cssVariablesResolver, theme } from '~/config/theme';
import type { Route } from './+types/root';
import { FirstScreenScript, useFirstScreenData } from './first-screen';
import { AppProviders } from './providers';

export const meta: Route.MetaFunction = () => [
  { title: `${ar.app.name} | ${ar.app.tagline}` },
  { name: 'description', content: ar.app.tagline },
];

// The Arabic font is fetched with the stylesheet rather than after it: text laid out in the fallback font and
// then again in this one moved the page (layout shift) on a slow phone.
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: arabic400, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: arabic700, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

/**
 * A route that exports `handle = { staticPage: true }` is rendered as plain HTML without React (ADR 004); one
 * whose loader returns `staticPage: true` is, for that request (/pricing for a visitor without a session).
 */
export interface StaticPageHandle {
  staticPage?: boolean;
}

/**
 * True only while prerendering a static page. In the browser it is always false, so a page reached by
 * client-side navigation renders with React like any other, and nothing about it needs hydrating.
 */
function usePrerenderingStaticPage(): boolean {
  const matches = useMatches();
  // The SPA fallback shell (every non-prerendered address) is rendered at "/" too, and must always hydrate.
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
  return (
    typeof document === 'undefined' &&
    !spaFallback &&
    matches.some(
      (m) =>
        (m.handle as StaticPageHandle | undefined)?.staticPage === true ||
        (m.loaderData as StaticPageHandle | undefined)?.staticPage === true,
    )
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const staticPage = usePrerenderingStaticPage();
  return (
    <html lang="ar" dir="rtl" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7285" />
        <meta name={SITE_URL_META} content={SITE_URL} />
        <ColorSchemeScript defaultColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {staticPage ? (
          // The landing and city pages need no React: one small script adds the few live parts.
          <script type="module" src="/static-page.js" />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const firstScreen = useFirstScreenData();
  return (
    <AppProviders>
      <Outlet />
      {firstScreen ? <FirstScreenScript data={firstScreen} /> : null}
    </AppProviders>
  );
}

/** Shown while a client-rendered page loads: a landmark and a heading, so even this state is accessible. */
export function HydrateFallback() {
  return (
    <main aria-busy="true" style={{ padding: '2rem', textAlign: 'center' }}>
      <h1 style={{ fontSize: '1.5rem', color: '#0b7285' }}>{ar.app.name}</h1>
      <p>{ar.app.loading}</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Outside AppProviders (they may be what failed), but with the theme, so the page keeps the site's look.
  // Spec §8: a failed load shows an error screen with retry — a page whose loader failed (the session check of
  // a signed-in page, say) is asked again by reloading it.
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <Container component="main" size="sm" py={64}>
          <Stack align="center" gap="md" ta="center">
            <Title order={1} fz={28}>
              {notFound ? ar.app.notFoundTitle : ar.errors.generic}
            </Title>
            {notFound ? null : (
              <Button color="teal.9" onClick={() => window.location.reload()}>
                {ar.errors.retry}
              </Button>
            )}
            <Anchor href="/" c="teal.9">
              {ar.app.backHome}
            </Anchor>
          </Stack>
        </Container>
      </MantineProvider>
    </DirectionProvider>
  );
}
