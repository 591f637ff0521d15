import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request, when it is answered: method, URL (secrets cut out), host, the client's address
 * (request.ip, so TRUST_PROXY decides whose X-Forwarded-For counts), status and time. Every line a request
 * logs carries its id (reqId), which the answer repeats in X-Request-Id for a user or proxy to quote.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      // A load balancer's health probes, every few seconds, would bury the rest: their successes are debug lines.
      const probe = reply.statusCode === 200 && (request.url === '/healthz' || request.url === '/readyz');
      request.log[probe ? 'debug' : 'info']({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
    });
  },
  { name: 'request-log' },
);
