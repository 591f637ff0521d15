import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  /** Origins allowed to make state-changing requests (the app's own public origin). */
  allowedOrigins: string[];
  /** Paths that third parties call server-to-server (webhooks); they authenticate by other means. */
  originExemptPrefixes?: string[];
}

/** Security headers on every answer, and a refusal of state-changing requests sent from foreign pages. */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // React Router's prerendered pages carry small inline bootstrap scripts.
          scriptSrc: ["'self'", "'unsafe-inline'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Pages may show images the admin links to (there is no image upload); only over https.
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: app.hasDecorator('isProduction') ? undefined : false,
    });

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
