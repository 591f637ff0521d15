/** The placeholder origin pages are built and rendered with; the server replaces it with PUBLIC_BASE_URL. */
export const BUILD_SITE_ORIGIN = 'https://sira.invalid';

/** The `<meta>` (root.tsx) that carries the site's origin to the browser, rewritten by the server like every URL. */
export const SITE_URL_META = 'sira:site-url';

/**
 * The site's own origin for canonical and Open Graph URLs: PUBLIC_BASE_URL, never the address the browser
 * happened to use (127.0.0.1 for localhost, www for the apex). On the server it is the placeholder; in the
 * browser it is read from the page the server sent, so the tags React renders after hydration are the ones
 * served (one canonical link, the right one).
 */
export const SITE_URL =
  typeof document === 'undefined'
    ? BUILD_SITE_ORIGIN
    : (document.querySelector<HTMLMetaElement>(`meta[name="${SITE_URL_META}"]`)?.content ?? window.location.origin);
