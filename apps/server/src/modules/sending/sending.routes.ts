import multipart from '@fastify/multipart';
import { RESUME_MAX_BYTES } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { requireViewer } from '../../plugins/access';
import { listDeliveries } from './deliveries.service';
import { resendFailed } from './resend.service';
import { planSend } from './send-plan.service';
import { getCompose, pruneResumes, renameResume, scheduleSend, uploadResume } from './sending.service';
import { getSendingOverview, getSendingStatus } from './status.service';
import { getSendTargets } from './targeting';

/**
 * The user's sending API (/send-resume and the dashboard). Every query is scoped to the signed-in viewer;
 * the access plugin has already refused anonymous callers.
 */
/** Enough for every honest retry and change of mind; a script filling the database is stopped. */
export const RESUME_UPLOADS_PER_HOUR = 30;

export const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.sending.compose),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCompose(app.db, (await requireViewer(request)).id);
    },
  });

  // Only this route reads multipart bodies, with the résumé limit: registered in its own child context.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });
    upload.route({
      ...endpoint(contract.sending.uploadResume),
      bodyLimit: RESUME_MAX_BYTES + 64 * 1024,
      handler: async (request, reply) => {
        const viewer = await requireViewer(request);
        // Each upload is up to 5 MB in the database: a script must not fill it.
        await consumeRateLimits(app.db, [{ key: `resume-upload:${viewer.id}`, max: RESUME_UPLOADS_PER_HOUR, windowSeconds: 3600 }]);
        const file = await readResumeUpload(request);
        const uploaded = await uploadResume(app.db, viewer.id, file);
        // Tidying older résumés is not the upload's business: a failure is logged, the upload stands.
        await pruneResumes(app.db, viewer.id).catch((error: unknown) =>
          request.log.error({ err: error, profileId: viewer.id }, 'pruning old résumés failed'),
        );
        return reply.status(201).send(uploaded);
      },
    });
  });

  app.route({
    ...endpoint(contract.sending.renameResume),
    handler: async (request) => renameResume(app.db, (await requireViewer(request)).id, request.params.id, request.body.name),
  });

  app.route({
    ...endpoint(contract.sending.schedule),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const scheduled = await scheduleSend({ db: app.db, events: app.events }, viewer.id, request.body);
      return reply.status(201).send(scheduled);
    },
  });

  // The plan shown before confirming: counts, days and the expected finish under the chosen window.
  app.route({
    ...endpoint(contract.sending.plan),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return planSend(app.db, (await requireViewer(request)).id, request.query);
    },
  });

  app.route({
    ...endpoint(contract.sending.status),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSendingStatus(app.db, (await requireViewer(request)).id, new Date(), app.env.sendingPaused);
    },
  });

  app.route({
    ...endpoint(contract.sending.deliveries),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDeliveries(app.db, (await requireViewer(request)).id, request.query);
    },
  });

  app.route({
    ...endpoint(contract.sending.resendFailed),
    handler: async (request) => resendFailed({ db: app.db, events: app.events }, (await requireViewer(request)).id),
  });

  app.route({
    ...endpoint(contract.sending.targets),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSendTargets(app.db, (await requireViewer(request)).id);
    },
  });

  app.route({
    ...endpoint(contract.sending.overview),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSendingOverview(app.db, (await requireViewer(request)).id);
    },
  });
};

/** The multipart body: one `file` part. Size is enforced while streaming; the type is checked by content later. */
async function readResumeUpload(request: FastifyRequest): Promise<{ filename: string; buffer: Buffer }> {
  if (!request.isMultipart()) throw new AppError(400, 'FILE_REQUIRED');
  let file: { filename: string; buffer: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file') file = { filename: part.filename || 'resume.pdf', buffer };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'RESUME_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, 'VALIDATION');
    throw new AppError(400, 'FILE_REQUIRED');
  }
  if (!file || file.buffer.length === 0) throw new AppError(400, 'FILE_REQUIRED');
  return file;
}
