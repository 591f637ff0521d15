import type { Limit } from '../../lib/rate-limit';

/**
 * Checks of reset tokens from one address: better-auth's e-mailed link (auth.routes.ts) and the page's own
 * check (auth-flows.routes.ts) draw on one count, so a guesser gets no more answers by mixing the two. A person
 * spends two per link opened (the link, then the page's check) and one more per reload; an office behind one
 * address has room for a dozen links in the window.
 */
export const RESET_LINK_CHECKS = { max: 30, windowSeconds: 10 * 60 } as const;

export const resetLinkLimit = (ip: string): Limit => ({ key: `reset-link:ip:${ip}`, ...RESET_LINK_CHECKS });
