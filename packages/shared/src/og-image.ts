/**
 * The Open Graph image of each public page (ADR 004, "Link previews"): a PNG the server makes from the page's
 * title, at the size WhatsApp, X and Facebook show as a large card.
 */
export const OG_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** Where a public page's image is served: `/` → `/og/home.png`, `/jobs/riyadh` → `/og/jobs/riyadh.png`. */
export const ogImagePath = (pagePath: string) => `/og${pagePath === '/' ? '/home' : pagePath}.png`;
