import multipart from '@fastify/multipart';
import { contract } from '@sira/shared/contract';
import { OWN_LIST_MAX_BYTES } from '@sira/shared/messages/own-companies';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { importWithProgress, wantsProgress } from '../companies/companies.admin-routes';
import { IMPORT_BATCH_SIZE } from '../companies/companies-import.service';
import {
  createOwnCompany,
  deleteOwnCompany,
  listOwnCompanies,
  listOwnUploads,
  ownCompaniesSummary,
  requireOwnListAllowed,
  suggestOwnCompanies,
  updateOwnCompany,
} from './own-companies.service';
import { importOwnCompanies } from './own-companies-import.service';

/**
 * "My companies" (ADR 029): the signed-in user's own list, its uploads and suggestions. Every query is bound
 * to the viewer's id; another user's row answers as an unknown one (404), never 403.
 */
export const ownCompaniesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's upload route accepts multipart bodies; the import holds each format to its own limit.
  await app.register(multipart, {
    limits: { fileSize: Math.max(OWN_LIST_MAX_BYTES.xlsx, OWN_LIST_MAX_BYTES.xls), files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  app.route({
    ...endpoint(contract.ownCompanies.summary),
    handler: async (request) => ownCompaniesSummary(app.db, (await requireViewer(request)).id),
  });

  app.route({
    ...endpoint(contract.ownCompanies.list),
    handler: async (request) => listOwnCompanies(app.db, (await requireViewer(request)).id, request.query),
  });

  app.route({
    ...endpoint(contract.ownCompanies.create),
    handler: async (request, reply) =>
      reply.status(201).send(await createOwnCompany(app.db, (await requireViewer(request)).id, request.body)),
  });

  app.route({
    ...endpoint(contract.ownCompanies.update),
    handler: async (request) => updateOwnCompany(app.db, (await requireViewer(request)).id, request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.ownCompanies.remove),
    handler: async (request, reply) => {
      await deleteOwnCompany(app.db, (await requireViewer(request)).id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.ownCompanies.import),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      // Refused before a byte of the file is read.
      await requireOwnListAllowed(app.db, viewer.id);
      const upload = { profileId: viewer.id, ...(await readUpload(request)), limits: { batchSize: IMPORT_BATCH_SIZE[app.dbKind] } };
      const logFailure = (error: unknown) => {
        if (error instanceof AppError && error.statusCode >= 500)
          request.log.error({ err: error.cause ?? error }, 'own companies import failed');
      };
      if (!wantsProgress(request)) {
        try {
          return await importOwnCompanies(app.db, upload);
        } catch (error) {
          logFailure(error);
          throw error;
        }
      }
      return importWithProgress(reply, (onProgress) => importOwnCompanies(app.db, { ...upload, onProgress }), logFailure);
    },
  });

  app.route({
    ...endpoint(contract.ownCompanies.uploads),
    handler: async (request) => listOwnUploads(app.db, (await requireViewer(request)).id),
  });

  app.route({
    ...endpoint(contract.ownCompanies.suggest),
    handler: async (request) => suggestOwnCompanies(app.db, (await requireViewer(request)).id, request.body.ids),
  });
};

/** The multipart body: one `file` part. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(400, 'EXCEL_FILE_MISSING');
  let file: { filename: string; buffer: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename, buffer };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'OWN_LIST_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, 'VALIDATION');
    throw new AppError(400, 'EXCEL_READ_FAILED');
  }
  if (!file) throw new AppError(400, 'EXCEL_FILE_MISSING');
  return file;
}
