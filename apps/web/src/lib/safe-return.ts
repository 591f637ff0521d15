import { paths } from '@sira/shared';

/** Only same-site paths are accepted as a return address, so /login?from= cannot send users elsewhere. */
export function safeReturnPath(from: string | null | undefined, fallback: string = paths.dashboard): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  if (from.startsWith(paths.login)) return fallback;
  return from;
}

export const loginHref = (from: string, extra: Record<string, string> = {}) =>
  `${paths.login}?${new URLSearchParams({ from, ...extra }).toString()}`;
