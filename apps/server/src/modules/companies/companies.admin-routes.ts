import multipart from '@fastify/multipart';
import { EXCEL_MAX_BYTES } from '@sira/shared/messages/companies-admin';
import { idParamSchema } from '@sira/shared/schemas';
import {
  adminCompaniesPageSchema,
  adminCompaniesQuerySchema,
  adminCompanyBodySchema,
  adminCompanySchema,
  adminFailedEmailsPageSchema,
  adminFailedEmailsQuerySchema,
  companiesImportResultSchema,
  companyPackageOptionListSchema,
} from '@sira/shared/schemas/companies-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { createCompany, deleteCompany, listCompanies, listCompanyPackages, updateCompany } from './companies.service';
import { importCompanies } from './companies-import.service';
import { listFailedEmails } from './failed-emails.service';

/**
 * The admin companies tab (spec §2): the directory, its Excel import and the failed e-mails table. The access
 * plugin makes every /api/admin route administrator-only, checked before any upload byte is read.
 */
export const companiesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not globally: only the import route of this plugin accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: EXCEL_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 } });

  app.get(
    '/api/admin/companies',
    { schema: { querystring: adminCompaniesQuerySchema, response: { 200: adminCompaniesPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCompanies(app.db, request.query);
    },
  );

  app.get('/api/admin/companies/packages', { schema: { response: { 200: companyPackageOptionListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listCompanyPackages(app.db);
  });

  app.post(
    '/api/admin/companies',
    { schema: { body: adminCompanyBodySchema, response: { 201: adminCompanySchema } } },
    async (request, reply) => reply.status(201).send(await createCompany(app.db, await requireViewer(request), request.body)),
  );

  app.put(
    '/api/admin/companies/:id',
    { schema: { params: idParamSchema, body: adminCompanyBodySchema, response: { 200: adminCompanySchema } } },
    async (request) => updateCompany(app.db, await requireViewer(request), request.params.id, request.body),
  );

  app.delete('/api/admin/companies/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteCompany(app.db, await requireViewer(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/admin/companies/import', { schema: { response: { 200: companiesImportResultSchema } } }, async (request) => {
    const actor = await requireViewer(request);
    const upload = await readUpload(request);
    try {
      return await importCompanies(app.db, { actor, ...upload });
    } catch (error) {
      if (error instanceof AppError && error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, 'companies import failed');
      throw error;
    }
  });

  app.get(
    '/api/admin/failed-emails',
    { schema: { querystring: adminFailedEmailsQuerySchema, response: { 200: adminFailedEmailsPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFailedEmails(app.db, request.query);
    },
  );
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
