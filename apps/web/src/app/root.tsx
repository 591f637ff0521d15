import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import { ar } from '@sira/shared';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { AppProviders } from './providers';

export const meta: Route.MetaFunction = () => [
  { title: `${ar.app.name} | ${ar.app.tagline}` },
  { name: 'description', content: ar.app.tagline },
];

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ar" dir="rtl" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7285" />
        <ColorSchemeScript defaultColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

/** Shown while a client-rendered page loads: a landmark and a heading, so even this state is accessible. */
export function HydrateFallback() {
  return (
    <main aria-busy="true" style={{ padding: '2rem', textAlign: 'center' }}>
      <h1 style={{ fontSize: '1.5rem', color: '#0b7285' }}>{ar.app.name}</h1>
      <p>جارٍ التحميل…</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && error.status === 404 ? ar.app.notFoundTitle : ar.errors.generic;
  return (
    <main style={{ padding: '2rem', textAlign: 'center' }}>
      <h1>{message}</h1>
      <a href="/">{ar.app.backHome}</a>
    </main>
  );
}
