import { OG_IMAGE, ogImagePath } from '@sira/shared/og-image';

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

/**
 * The Open Graph image tags of a public page (ADR 004, "Link previews"): the server draws the image from the
 * page's title (@sira/shared/og-image), so a shared link shows the title, description and image as one card.
 */
export function ogImageMeta(pagePath: string, title: string, siteUrl: string = SITE_URL) {
  return [
    { property: 'og:image', content: `${siteUrl}${ogImagePath(pagePath)}` },
    { property: 'og:image:type', content: OG_IMAGE.type },
    { property: 'og:image:width', content: String(OG_IMAGE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE.height) },
    { property: 'og:image:alt', content: title },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
