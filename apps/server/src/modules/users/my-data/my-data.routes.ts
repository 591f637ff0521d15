import { normalizeEmail, normalizePhone, paths } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { checkDeletionConfirmation, checkEmailChange, checkPhoneCorrection } from '@sira/shared/rules/my-data';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profiles, user } from '../../../db/schema';
import { endpoint } from '../../../lib/endpoint';
import { AppError, badRequest } from '../../../lib/errors';
import { consumeRateLimits } from '../../../lib/rate-limit';
import { trackMail } from '../../../mail/mail-outcome';
import { requireViewer } from '../../../plugins/access';
import { emailIsRegistered, passwordMatches } from '../../auth/auth.service';
import { deleteAccount } from './account-deletion.service';
import { exportFile, latestExport, requestExport } from './data-export.service';

/**
 * The "my data" page's endpoints (ADR 015): a copy of everything held (made in the background, downloaded by
 * its owner only), the phone and e-mail corrected (the e-mail with the password, ADR 012), and the account
 * deleted. Every query is scoped to the signed-in user.
 */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Vacuums after deletions run after the answer; the app's close waits for them rather than cut them off.
  const upkeep = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(upkeep);
  });

  app.route({
    ...endpoint(contract.users.latestDataExport),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      return { export: await latestExport(app.db, viewer.id) };
    },
  });

  app.route({
    ...endpoint(contract.users.requestDataExport),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const asked = await requestExport(app.db, viewer.id);
      return reply.status(asked.created ? 201 : 200).send(asked.export);
    },
  });

  app.route({
    ...endpoint(contract.users.dataExportFile),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      const file = await exportFile(app.db, viewer.id, request.params.id);
      const day = file.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="sira-my-data-${day}.zip"`)
        .send(file.bytes);
    },
  });

  app.route({
    ...endpoint(contract.users.updatePhone),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      ruleCheck(checkPhoneCorrection(request.body));
      const phone = normalizePhone(request.body.phone);
      // Both rows: the profile is what the app reads, better-auth's user what it was registered with.
      await app.db.transaction(async (tx) => {
        await tx.update(profiles).set({ phoneNumber: phone }).where(eq(profiles.id, viewer.id));
        await tx.update(user).set({ phoneNumber: phone }).where(eq(user.id, viewer.id));
      });
      app.events.publish({ topic: 'profile', profileId: viewer.id });
      return { phone };
    },
  });

  app.route({
    ...endpoint(contract.users.changeEmail),
    handler: async (request) => {
      const viewer = await requireViewer(request);
      ruleCheck(checkEmailChange({ ...request.body, currentEmail: viewer.email }));
      const email = normalizeEmail(request.body.email);
      // A session alone does not move the account to another address (ADR 012): someone who borrowed it would
      // then reset the password there and keep the account. Guesses of the password are counted per account.
      await consumeRateLimits(app.db, [{ key: `my-data:email-change:password:${viewer.id}`, max: 10, windowSeconds: 3600 }]);
      if (!(await passwordMatches(app.db, viewer.id, request.body.password))) throw new AppError(403, 'WRONG_PASSWORD');
      // It mails an address the user typed: a few an hour, like the other flows that send a link.
      await consumeRateLimits(app.db, [{ key: `my-data:email-change:${viewer.id}`, max: 5, windowSeconds: 3600 }]);
      if (await emailIsRegistered(app.db, email)) throw new AppError(409, 'EMAIL_TAKEN');
      const { mailFailed } = await trackMail(() =>
        app.auth.api.changeEmail({
          body: { newEmail: email, callbackURL: `${paths.myData}?emailChanged=1` },
          headers: fromNodeHeaders(request.headers),
        }),
      );
      if (mailFailed) throw new AppError(503, 'MAIL_NOT_SENT');
      return { sentTo: email };
    },
  });

  app.route({
    ...endpoint(contract.users.deleteAccount),
    handler: async (request, reply) => {
      const viewer = await requireViewer(request);
      ruleCheck(checkDeletionConfirmation(request.body));
      const deleted = await deleteAccount(
        { db: app.db, secretBox: app.secretBox, providers: app.providers, events: app.events, log: request.log, dataDir: app.env.dataDir },
        viewer.id,
        request.body.password,
      );
      // The session row went with the account; the browser's cookie is cleared too.
      const signedOut = await app.auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true });
      const cookies = signedOut.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      await reply.send(deleted.answer);
      const vacuum = deleted.upkeep().finally(() => upkeep.delete(vacuum));
      upkeep.add(vacuum);
      return reply;
    },
  });
};

/** The page's rules are the forms' too (packages/shared rules/my-data.ts): the first problem is the answer. */
function ruleCheck(code: string | null) {
  if (code) throw badRequest(code);
}
