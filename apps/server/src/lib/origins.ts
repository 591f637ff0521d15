import { isIP } from 'node:net';

/** `Host` without its port; IPv6 literals keep their brackets. */
export function hostnameOf(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/** Names no other site can point at this machine: IP literals and localhost (browsers keep it on loopback). */
function isUnrebindable(hostname: string): boolean {
  return (
    isIP(hostname) !== 0 ||
    (hostname.startsWith('[') && isIP(hostname.slice(1, -1)) === 6) ||
    hostname === 'localhost' ||
    hostname.endsWith('.localhost')
  );
}

/** Whether embedded mode answers a request for `host`: an IP, localhost, or one of the configured names. */
export function isAllowedHost(host: string | undefined, allowedHostnames: readonly string[]): boolean {
  if (!host) return false;
  const hostname = hostnameOf(host);
  return isUnrebindable(hostname) || allowedHostnames.includes(hostname);
}

/**
 * Which pages may make state-changing requests (sign-in, sign-out, every POST): one rule, read by the
 * security plugin for every route and by better-auth for its own, so neither refuses what the other allows.
 */
export interface OriginPolicy {
  /** The origins trusted for a request that named `host` in its Host header. */
  trustedFor(host: string | undefined | null): string[];
  /** Whether a page of `origin` may change state through a request to `host`. */
  allows(origin: string, host: string | undefined | null): boolean;
}

export interface OriginPolicyOptions {
  /** PUBLIC_BASE_URL's origin and ALLOWED_ORIGINS. */
  configured: readonly string[];
  /**
   * Embedded mode: the hosts whose own pages are trusted too (the server's page at http://127.0.0.1:3000 signs
   * out at http://127.0.0.1:3000). Null in production, where only the configured origins are: a name or address
   * the operator did not list is not one users were meant to sign in on.
   */
  sameHost: ((host: string) => boolean) | null;
}

export function originPolicy(options: OriginPolicyOptions): OriginPolicy {
  const configured = [...new Set(options.configured)];
  const trustedFor = (host: string | undefined | null): string[] => {
    if (!host || !options.sameHost?.(host)) return configured;
    const own = host.toLowerCase();
    return [...configured, `http://${own}`, `https://${own}`];
  };
  return {
    trustedFor,
    allows: (origin, host) => trustedFor(host).includes(origin.toLowerCase()),
  };
}
