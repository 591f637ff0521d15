import { contract } from '@sira/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { consumeRateLimits } from '../../lib/rate-limit';
import { requireViewer } from '../../plugins/access';
import { applyToJobAd, readJobAd } from './job-ads.service';

/**
 * Applying to a job ad (ADR 029): reading a pasted post and scheduling the application. Signed-in users only
 * (the access plugin refuses anonymous callers); every answer is about the viewer's own messages.
 */

/**
 * Reads of pasted posts per user and hour: far more than anyone pastes and edits, while a script probing which
 * addresses are open is stopped (each read also tells the viewer's own state of every address in the post).
 */
export const JOB_AD_READS_PER_HOUR = 120;

export const jobAdsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpoint(contract.jobAds.read),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      await consumeRateLimits(app.db, [{ key: `job-ads:read:${viewer.id}`, max: JOB_AD_READS_PER_HOUR, windowSeconds: 3600 }]);
      reply.header('cache-control', 'no-store');
      return readJobAd(app.db, viewer.id, request.body.text);
    },
  });

  app.route({
    ...endpoint(contract.jobAds.apply),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const applied = await applyToJobAd({ db: app.db, events: app.events }, viewer.id, request.body);
      return reply.status(201).send(applied);
    },
  });
};
