import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import { contract } from '@sira/shared/contract';
import { EXCEL_MAX_BYTES, XLS_MAX_BYTES } from '@sira/shared/messages/companies-admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { AppError } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { createCompany, deleteCompany, listCompanies, listCompanyPackages, updateCompany } from './companies.service';
import { IMPORT_BATCH_SIZE, type ImportProgress, importCompanies } from './companies-import.service';

/**
 * The admin companies tab (spec §2): the directory and its Excel import (its failed e-mails table is served by
 * sending.admin-routes.ts). The access
 * plugin makes every /api/admin route administrator-only, checked before any upload byte is read.
 */
export const companiesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not globally: only the import route of this plugin accepts multipart bodies. The larger of the
  // two formats' limits; the import then holds each file to its own format's (companies-import.service.ts).
  await app.register(multipart, {
    limits: { fileSize: Math.max(EXCEL_MAX_BYTES, XLS_MAX_BYTES), files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });

  app.route({
    ...endpoint(contract.companies.list),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCompanies(app.db, request.query);
    },
  });

  app.route({
    ...endpoint(contract.companies.packages),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCompanyPackages(app.db);
    },
  });

  app.route({
    ...endpoint(contract.companies.create),
    handler: async (request, reply) => reply.status(201).send(await createCompany(app.db, await requireViewer(request), request.body)),
  });

  app.route({
    ...endpoint(contract.companies.update),
    handler: async (request) => updateCompany(app.db, await requireViewer(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.companies.remove),
    handler: async (request, reply) => {
      await deleteCompany(app.db, await requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.companies.import),
    handler: async (request, reply) => {
      const actor = await requireViewer(request);
      const upload = { ...(await readUpload(request)), limits: { batchSize: IMPORT_BATCH_SIZE[app.dbKind] } };
      const logFailure = (error: unknown) => {
        if (error instanceof AppError && error.statusCode >= 500)
          request.log.error({ err: error.cause ?? error }, 'companies import failed');
      };
      if (!wantsProgress(request)) {
        try {
          return await importCompanies(app.db, { actor, ...upload });
        } catch (error) {
          logFailure(error);
          throw error;
        }
      }
      return importWithProgress(reply, (onProgress) => importCompanies(app.db, { actor, ...upload, onProgress }), logFailure);
    },
  });
};

/** The multipart body: one `file` part and an optional `defaultPackageId` field, in either order. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(400, 'EXCEL_FILE_MISSING');
  let file: { filename: string; buffer: Buffer } | undefined;
  let defaultPackageId: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename, buffer };
      } else if (part.fieldname === 'defaultPackageId' && typeof part.value === 'string') {
        defaultPackageId = part.value.trim() || null;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'EXCEL_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(400, 'VALIDATION');
    throw new AppError(400, 'EXCEL_READ_FAILED');
  }
  if (!file) throw new AppError(400, 'EXCEL_FILE_MISSING');
  return { ...file, defaultPackageId };
}

/** The panel asks for the import's progress by accepting `application/x-ndjson` (one JSON object a line). */
const PROGRESS_TYPE = 'application/x-ndjson';
export const wantsProgress = (request: FastifyRequest) => (request.headers.accept ?? '').includes(PROGRESS_TYPE);

/**
 * Answers an import as a stream of lines: `{"progress":{"done","total"}}` once the sheet is read and after each
 * batch written, then `{"result":…}` or `{"error":{"code"}}` last. The stream starts with the first progress
 * line, so a file refused while it is read (type, size, headers, too many rows) is answered with its own
 * status as usual; only a failure while writing comes as an error line after a 200. The lines also keep the
 * connection from going silent during a long import. A user's upload of their own list answers the same way.
 */
export function importWithProgress<T>(
  reply: FastifyReply,
  run: (onProgress: (progress: ImportProgress) => void) => Promise<T>,
  logFailure: (error: unknown) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stream: PassThrough | undefined;
    const line = (value: unknown) => `${JSON.stringify(value)}\n`;
    run((progress) => {
      if (!stream) {
        stream = new PassThrough();
        reply.header('content-type', `${PROGRESS_TYPE}; charset=utf-8`).header('cache-control', 'no-store');
        // Fastify takes the resolved reply as "already answered".
        resolve(reply.send(stream) as unknown as T);
      }
      stream.write(line({ progress }));
    }).then(
      (result) => (stream ? stream.end(line({ result })) : resolve(result)),
      (error: unknown) => {
        logFailure(error);
        if (!stream) return reject(error);
        stream.end(line({ error: { code: error instanceof AppError ? error.code : 'INTERNAL' } }));
      },
    );
  });
}
