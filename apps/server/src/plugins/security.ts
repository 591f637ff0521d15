import { isIP } from 'node:net';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from '../lib/content-security-policy';
import { AppError } from '../lib/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  /** Origins allowed to make state-changing requests (the app's own public origin). */
  allowedOrigins: string[];
  /** Paths that third parties call server-to-server (webhooks); they authenticate by other means. */
  originExemptPrefixes?: string[];
  /** Production answers over https behind its proxy: browsers are told to keep to https (HSTS). */
  production: boolean;
  /**
   * Host names this server answers to, besides IP addresses and `localhost` (which no page can rebind); null
   * answers any. Embedded mode sets it: a page on evil.example whose name it re-points at 127.0.0.1 (DNS
   * rebinding) would otherwise reach the local server as a same-origin page — its sandboxes' outbox included.
   */
  allowedHostnames: string[] | null;
}

/** `Host` without its port; IPv6 literals keep their brackets. */
function hostnameOf(host: string): string {
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

export function isAllowedHost(host: string | undefined, allowedHostnames: readonly string[]): boolean {
  if (!host) return false;
  const hostname = hostnameOf(host);
  return isUnrebindable(hostname) || allowedHostnames.includes(hostname);
}

const MISDIRECTED = 'هذا الخادم لا يجيب على هذا الاسم. — This server does not answer to this host name.';

/** Security headers on every answer, and a refusal of state-changing requests sent from foreign pages. */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      // Ours (lib/content-security-policy.ts): no inline script but those a built page names by hash (web.ts).
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Helmet's default (180 days, subdomains) in production; a local http server must not pin https.
      hsts: options.production ? undefined : false,
    });

    // Every answer; the web plugin replaces it on the HTML pages it serves with one that adds their scripts' hashes.
    const policy = contentSecurityPolicy();
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', policy);
    });

    const hostnames = options.allowedHostnames?.map((h) => h.toLowerCase());
    if (hostnames) {
      app.addHook('onRequest', async (request, reply) => {
        if (isAllowedHost(request.headers.host, hostnames)) return;
        request.log.warn({ host: request.headers.host, url: request.url }, 'request for a host name this server does not serve');
        await reply.code(421).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(MISDIRECTED);
      });
    }

    const allowed = new Set(options.allowedOrigins);
    const exempt = options.originExemptPrefixes ?? [];
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (exempt.some((p) => request.url.startsWith(p))) return;
      const origin = request.headers.origin;
      // Browsers always send Origin on cross-site POSTs; a request without one is not from a foreign page.
      if (origin === undefined) return;
      const host = request.headers.host;
      if (allowed.has(origin) || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`))) return;
      throw new AppError(403, 'FOREIGN_ORIGIN');
    });
  },
  { name: 'security' },
);
