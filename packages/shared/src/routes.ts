/**
 * Every page of the web app (spec §2), once. The web builds links from `paths`; the server uses the same
 * list to answer unknown addresses with a real 404.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  pricing: '/pricing',
  paymentCallback: '/payment-callback',
  dashboard: '/dashboard',
  sendResume: '/send-resume',
  /** The user's own companies (ADR 029). */
  myCompanies: '/my-companies',
  /** Applying to a job ad the user pasted (ADR 029). */
  applyToJobAd: '/apply',
  billing: '/billing',
  /** The user's data: a copy, corrections, deleting the account. */
  myData: '/my-data',
  /** Undoing an e-mail change, from the link mailed to the old address (ADR 012): `<this>/<token>`. */
  emailChangeUndo: '/email-change-undo',
  upgrade: '/upgrade',
  about: '/about',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  howToPrepareCv: '/how-to-prepare-cv',
  jobsJeddah: '/jobs/jeddah',
  jobsRiyadh: '/jobs/riyadh',
  admin: '/admin',
} as const;

/** Pages whose address ends in a token (base64url text): only `<prefix>/<token>` is a page. */
const tokenPagePrefixes: readonly string[] = [paths.emailChangeUndo];
const knownPaths = new Set<string>(Object.values(paths).filter((path) => !tokenPagePrefixes.includes(path)));
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The page of an e-mail change's undo link. */
export const emailChangeUndoHref = (token: string) => `${paths.emailChangeUndo}/${token}`;

export function isKnownClientPath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (knownPaths.has(trimmed)) return true;
  // The admin panel has one address per tab: /admin/users, /admin/companies, …
  if (/^\/admin\/[a-z_]+$/.test(trimmed)) return true;
  if (tokenPagePrefixes.some((prefix) => trimmed.startsWith(`${prefix}/`) && BASE64URL.test(trimmed.slice(prefix.length + 1)))) return true;
  // A company's opt-out link (ADR 013) and the confirmation mailed to its address (ADR 018): base64url tokens.
  return /^\/opt-out\/(confirm\/)?[A-Za-z0-9_-]+$/.test(trimmed);
}

/** Content pages, each at /<slug> (spec §2). */
export const CONTENT_PAGE_SLUGS = ['about', 'support', 'privacy', 'terms', 'how-to-prepare-cv'] as const;
