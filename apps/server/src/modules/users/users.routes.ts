import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { requireViewer } from '../../plugins/access';
import { getProfileOverview, setApplicantName } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.users.me),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const overview = await getProfileOverview(app.db, viewer.id);
      // A signed-in account without a profile is the spec's PGRST116 case: the dashboard shows retry.
      if (!overview) throw notFound('PROFILE_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return overview;
    },
  });

  // Asked once of accounts made before registration asked it (/send-resume), and editable after.
  app.route({
    ...endpoint(contract.users.updateApplicant),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      const applicant = await setApplicantName(app.db, { id: viewer.id }, request.body);
      app.events.publish({ topic: 'profile', profileId: viewer.id });
      return applicant;
    },
  });
};
