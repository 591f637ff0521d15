import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from '../lib/content-security-policy';
import { AppError } from '../lib/errors';
import { isAllowedHost, type OriginPolicy } from '../lib/origins';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  /** Which pages may make state-changing requests (lib/origins.ts; better-auth reads the same policy). */
  origins: OriginPolicy;
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

    const exempt = options.originExemptPrefixes ?? [];
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (exempt.some((p) => request.url.startsWith(p))) return;
      const origin = request.headers.origin;
      // Browsers always send Origin on cross-site POSTs; a request without one is not from a foreign page.
      if (origin === undefined) return;
      if (options.origins.allows(origin, request.headers.host)) return;
      request.log.warn({ origin, host: request.headers.host }, 'state-changing request from a page of another origin refused');
      throw new AppError(403, 'FOREIGN_ORIGIN');
    });
  },
  { name: 'security' },
);
