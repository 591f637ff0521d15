import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { requireViewer } from '../../plugins/access';
import { decideSuggestions, listSuggestions } from './suggestions.admin-service';

/**
 * The companies users suggested for the directory (ADR 029). The access plugin makes every /api/admin route
 * administrator-only; the admin reads here the rows a user chose to suggest, and nothing else of anyone's list.
 */
export const ownCompaniesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.ownCompanies.adminSuggestions),
    handler: async () => listSuggestions(app.db),
  });

  app.route({
    ...endpoint(contract.ownCompanies.decideSuggestions),
    handler: async (request) => decideSuggestions(app.db, await requireViewer(request), request.body),
  });
};
