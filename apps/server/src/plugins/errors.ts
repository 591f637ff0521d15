import { isKnownCode } from '@sira/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionFailure, ServiceUnavailableError } from '../lib/database-errors';
import { AppError } from '../lib/errors';

/**
 * Errors leave the server as `{ code }` (plus field issues for validation). Stack traces, SQL and provider
 * answers stay in the log; a 5xx body says only INTERNAL, or SERVICE_UNAVAILABLE (503) while the database
 * cannot be reached — a moment to retry after, not a fault of the request.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isConnectionFailure(error) || error instanceof ServiceUnavailableError) {
        request.log.warn({ err: error }, 'service unavailable: a connection (the database) failed');
        return reply.status(503).header('retry-after', '5').send({ code: 'SERVICE_UNAVAILABLE' });
      }
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ code: error.code });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.'),
          code: String((v.params?.issue as { message?: string } | undefined)?.message ?? v.message ?? 'invalid'),
        }));
        // A schema rule that answers with an app-wide code (the one-line rule's LINE_BREAKS) names the fault
        // itself when it is the only one, so the web says what to fix instead of "invalid data".
        const codes = new Set(issues.map((issue) => issue.code));
        const [only] = codes;
        const code = codes.size === 1 && only && isKnownCode(only) ? only : 'VALIDATION';
        return reply.status(400).send({ code, issues });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE' });
      if (status === 429) return reply.status(429).send({ code: 'RATE_LIMITED' });
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type): safe to name by status only.
        request.log.info({ err: error }, 'client error');
        return reply.status(status).send({ code: status === 404 ? 'NOT_FOUND' : 'VALIDATION' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'INTERNAL' });
    });
  },
  { name: 'errors' },
);
