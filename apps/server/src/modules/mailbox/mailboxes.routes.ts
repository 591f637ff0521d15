import { contract } from '@sira/shared/contract';
import { MAILBOX_CALLBACK_PARAM } from '@sira/shared/messages/mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { mailboxLinkedEmail, mailboxUnlinkedEmail } from '../../mail/security-templates';
import { requireViewer } from '../../plugins/access';
import { dashboardUrl, sendSecurityNotice } from '../users/security-notices';
import {
  chooseOwnMailbox,
  completeMicrosoftConnect,
  linkSmtpMailbox,
  listMailboxes,
  type MailboxesDeps,
  smtpPresets,
  startMicrosoftConnect,
  testOwnMailbox,
  testSmtpSettings,
  unlinkOwnMailbox,
} from './mailboxes.service';

const SEND_RESUME_PATH = '/send-resume';

/**
 * The signed-in user's mailboxes beyond the one Gmail (ADR 030): list, choose, unlink, test, and linking a
 * Microsoft mailbox (OAuth) or an SMTP one. Secrets never appear in any answer.
 */
export const mailboxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): MailboxesDeps => ({
    db: app.db,
    secretBox: app.secretBox,
    providers: app.providers,
    events: app.events,
    publicBaseUrl: app.publicBaseUrl,
    log: app.log,
    mailboxes: app.mailboxes,
    microsoftClient: app.mailboxes.microsoftClient,
  });

  /** The account's owner hears of a link or unlink at their sign-in address, in case it was not them (ADR 012). */
  const notify = (viewer: { id: string; email: string }, notice: Parameters<typeof sendSecurityNotice>[2], kind: string) =>
    sendSecurityNotice({ mailer: app.mailer, log: app.log }, viewer.email, notice, { userId: viewer.id, kind });

  app.route({
    ...endpoint(contract.mailbox.list),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header('cache-control', 'no-store');
      return { mailboxes: await listMailboxes(deps(), viewer.id) };
    },
  });

  app.route({
    ...endpoint(contract.mailbox.choose),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      await chooseOwnMailbox(deps(), viewer.id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.mailbox.unlinkOne),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const { email } = await unlinkOwnMailbox(deps(), viewer.id, request.params.id);
      await notify(viewer, mailboxUnlinkedEmail(dashboardUrl(app.publicBaseUrl), email), 'mailbox-unlinked');
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(contract.mailbox.testOne),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return testOwnMailbox(deps(), viewer.id, request.params.id);
    },
  });

  app.route({
    ...endpoint(contract.mailbox.smtpPresets),
    handler: async (request) => {
      await requireViewer(request);
      return { presets: smtpPresets() };
    },
  });

  app.route({
    ...endpoint(contract.mailbox.smtpTest),
    // The body carries an app password: kept out of the per-request info log lines.
    logLevel: 'warn',
    handler: async (request) => {
      await requireViewer(request);
      return testSmtpSettings(deps(), request.body);
    },
  });

  app.route({
    ...endpoint(contract.mailbox.smtpLink),
    logLevel: 'warn',
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const linked = await linkSmtpMailbox(deps(), viewer.id, request.body);
      if ('failed' in linked) return reply.status(422).send(linked.failed);
      await notify(viewer, mailboxLinkedEmail(dashboardUrl(app.publicBaseUrl), request.body.email), 'mailbox-linked');
      return reply.status(201).send({ id: linked.id });
    },
  });

  app.route({
    ...endpoint(contract.mailbox.microsoftConnect),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return startMicrosoftConnect(deps(), viewer.id);
    },
  });

  // Microsoft sends the browser here (a top-level GET, so the Lax session cookie comes along). Public only so
  // that a visitor whose session ended meanwhile is sent to sign in; the state is bound to the signed-in user.
  app.route({
    ...endpoint(contract.mailbox.microsoftCallback),
    // The query carries Microsoft's authorization code: keep it out of the per-request info log lines.
    config: { access: 'public' },
    logLevel: 'warn',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const viewer = await app.viewer(request);
      if (!viewer) return reply.redirect(`/login?from=${encodeURIComponent(SEND_RESUME_PATH)}`, 303);
      const result = await completeMicrosoftConnect(deps(), viewer.id, request.query);
      if (result === 'linked') {
        const chosen = (await listMailboxes(deps(), viewer.id)).find((m) => m.chosen);
        if (chosen) await notify(viewer, mailboxLinkedEmail(dashboardUrl(app.publicBaseUrl), chosen.email), 'mailbox-linked');
      }
      return reply.redirect(`${SEND_RESUME_PATH}?${MAILBOX_CALLBACK_PARAM}=${result}`, 303);
    },
  });
};
