import { contract } from '@sira/shared/contract';
import { MAILBOX_CALLBACK_PARAM } from '@sira/shared/messages/mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { mailboxLinkedEmail, mailboxUnlinkedEmail } from '../../mail/security-templates';
import { requireViewer } from '../../plugins/access';
import { dashboardUrl, sendSecurityNotice } from '../users/security-notices';
import { completeConnect, disconnect, mailboxStatus, type ServiceDeps, startConnect, verifyMailbox } from './mailbox.service';

const SEND_RESUME_PATH = '/send-resume';

/**
 * The signed-in user's Gmail link (spec §2 /send-resume, §4 "Mail link"): status, connect, Google's
 * callback, unlink. Tokens never appear in any answer.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ServiceDeps => ({
    db: app.db,
    secretBox: app.secretBox,
    providers: app.providers,
    events: app.events,
    publicBaseUrl: app.publicBaseUrl,
    log: app.log,
  });

  /** The account's owner hears of a link or unlink at their sign-in address, in case it was not them (ADR 012). */
  const notify = (viewer: { id: string; email: string }, notice: Parameters<typeof sendSecurityNotice>[2], kind: string) =>
    sendSecurityNotice({ mailer: app.mailer, log: app.log }, viewer.email, notice, { userId: viewer.id, kind });

  app.route({
    ...endpoint(contract.mailbox.status),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      if (request.query.verify === 'true') await verifyMailbox(deps(), viewer.id);
      reply.header('cache-control', 'no-store');
      return mailboxStatus(deps(), viewer.id);
    },
  });

  app.route({
    ...endpoint(contract.mailbox.connect),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return startConnect(deps(), viewer.id);
    },
  });

  // Google sends the browser here (a top-level GET, so the Lax session cookie comes along). It is declared
  // public only so that a visitor whose session ended meanwhile is sent to sign in instead of a JSON 401;
  // the state is bound to the signed-in user, so nobody else's consent can complete here.
  app.route({
    ...endpoint(contract.mailbox.callback),
    // The query carries Google's authorization code: keep it out of the per-request info log lines.
    config: { access: 'public' },
    logLevel: 'warn',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const viewer = await app.viewer(request);
      if (!viewer) return reply.redirect(`/login?from=${encodeURIComponent(SEND_RESUME_PATH)}`, 303);
      const result = await completeConnect(deps(), viewer.id, request.query);
      if (result === 'linked') {
        const { email } = await mailboxStatus(deps(), viewer.id);
        if (email) await notify(viewer, mailboxLinkedEmail(dashboardUrl(app.publicBaseUrl), email), 'mailbox-linked');
      }
      return reply.redirect(`${SEND_RESUME_PATH}?${MAILBOX_CALLBACK_PARAM}=${result}`, 303);
    },
  });

  app.route({
    ...endpoint(contract.mailbox.unlink),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const { email } = await mailboxStatus(deps(), viewer.id);
      await disconnect(deps(), viewer.id);
      if (email) await notify(viewer, mailboxUnlinkedEmail(dashboardUrl(app.publicBaseUrl), email), 'mailbox-unlinked');
      return reply.status(204).send();
    },
  });
};
