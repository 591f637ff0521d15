/**
 * The site's own origin for canonical and Open Graph URLs. Prerendering (at build time, in Node) writes a
 * placeholder that the server replaces with PUBLIC_BASE_URL when it serves the page; in the browser the page
 * is already at that address, so the hydrated tags agree with the served ones.
 */
export const SITE_URL = typeof window === 'undefined' ? 'https://sira.invalid' : window.location.origin;
