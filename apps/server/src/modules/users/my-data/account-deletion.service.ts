import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_PACKAGE } from '@sira/shared';
import type { AccountDeletionAnswer } from '@sira/shared/schemas/my-data';
import { and, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import {
  accountDeletions,
  auditLog,
  deliveries,
  emailChanges,
  excelFiles,
  invoices,
  mailOutbox,
  packages,
  profiles,
  rateLimits,
  user,
  userMailboxes,
  verification,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { consumeRateLimits } from '../../../lib/rate-limit';
import { passwordMatches } from '../../auth/auth.service';
import type { MailboxDeps } from '../../mailbox/mailbox-credentials';
import { grantSharedWithOthers, revokeSealedToken } from '../../mailbox/mailbox-credentials';
import { cancelWaiting } from '../../sending/job-state';
import { HAND_BACK_WAIT_MS, stopAccountSending } from './deletion-sending';
import { vacuumAfterDeletion } from './deletion-upkeep';

/**
 * How long a paid invoice is kept after its buyer's account is deleted: the Law of Commercial Books keeps
 * books and their vouchers ten years, longer than the six of the VAT regulations (ADR 015).
 */
export const INVOICE_RETENTION_YEARS = 10;
/** A payment started this recently may still be completed on Paylink's page: the deletion waits for it. */
const PAYMENT_WINDOW = '1 hour';

export interface DeletionDeps extends MailboxDeps {
  log: FastifyBaseLogger;
  /** DATA_DIR: résumés that earlier versions kept as files there are erased too. */
  dataDir: string;
  /** How long to wait for the workers to settle the deliveries in their hands (HAND_BACK_WAIT_MS). */
  handBackWaitMs?: number;
}

export interface AccountDeletion {
  answer: AccountDeletionAnswer;
  /**
   * Vacuums the tables the deletion touched (deletion-upkeep.ts). The caller starts it once the user has the
   * answer — on PGlite a vacuum holds the one connection, and the answer would wait for it — and need not
   * wait for it; it never rejects (a failure is logged).
   */
  upkeep(): Promise<void>;
}

/**
 * Deletes an account for good, once the password confirms it (ADR 015):
 * - Gmail: the grant is revoked at Google (unless another Sira account shares it), then the link deleted;
 * - sending stops first (deletion-sending.ts): the deliveries a worker holds come back, or end as sent when
 *   they were already on the wire; then every delivery that never went is cancelled, and their messages and
 *   the unused balance are noted, in figures only, in account_deletions;
 * - paid invoices stay for the bookkeeping period, without anything that names the buyer; unpaid ones go;
 * - everything else goes: profile, CVs and their bytes, jobs, deliveries, own companies and their uploads, job
 *   ads, exports, sessions, the login, and
 *   the traces elsewhere that hold the address (system mail, rate-limit counters, pending links, the audit
 *   entries of administrators' changes to this account); the touched tables are vacuumed afterwards.
 */
export async function deleteAccount(deps: DeletionDeps, profileId: string, password: string): Promise<AccountDeletion> {
  await consumeRateLimits(deps.db, [{ key: `my-data:delete:${profileId}`, max: 10, windowSeconds: 600 }]);
  const [who] = await deps.db
    .select({ email: profiles.email, phone: profiles.phoneNumber, packageName: packages.name })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, profileId));
  if (!who) throw new AppError(404, 'PROFILE_NOT_FOUND');
  if (!(await passwordMatches(deps.db, profileId, password))) throw new AppError(403, 'WRONG_PASSWORD');
  if (who.packageName === ADMIN_PACKAGE) throw new AppError(409, 'ADMIN_ACCOUNT');
  const [openPayment] = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.profileId, profileId),
        inArray(invoices.status, ['pending', 'processing']),
        sql`${invoices.createdAt} > now() - interval '${sql.raw(PAYMENT_WINDOW)}'`,
      ),
    )
    .limit(1);
  if (openPayment) throw new AppError(409, 'PAYMENT_IN_PROGRESS');

  const mailboxRevoked = await revokeMailbox(deps, profileId);
  await stopAccountSending(deps, profileId, deps.handBackWaitMs ?? HAND_BACK_WAIT_MS);

  const outcome = await deps.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ balance: profiles.messagesRemaining })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('update');
    if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
    // Never went: cancelled. A row a worker still holds ('sending': its answer was not in when the wait ended)
    // may have gone, so it is not counted; it goes with the account, and the worker's record of it then
    // matches no row (its lease fences it, ADR 008) — the worker logs what became of it.
    const cancelled = await cancelWaiting(tx, profileId);
    const [inHands] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(and(eq(deliveries.profileId, profileId), eq(deliveries.status, 'sending')));
    await tx.delete(invoices).where(and(eq(invoices.profileId, profileId), sql`${invoices.status} <> 'completed'`));
    const kept = await tx
      .update(invoices)
      .set({
        profileId: null,
        retainUntil: sql`coalesce(${invoices.completedAt}, ${invoices.createdAt}) + make_interval(years => ${INVOICE_RETENTION_YEARS})`,
      })
      .where(eq(invoices.profileId, profileId))
      .returning({ id: invoices.id });
    // The address it has, and those it had or was changed to (e-mail changes, ADR 012): mail and counters name them.
    const changes = await tx
      .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(eq(emailChanges.userId, profileId));
    const addresses = [...new Set([who.email, ...changes.flatMap((c) => [c.oldEmail, c.newEmail])].map((a) => a.toLowerCase()))];
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
    await tx
      .delete(rateLimits)
      .where(or(like(rateLimits.key, `%${likeEscape(profileId)}%`), ...addresses.map((a) => like(rateLimits.key, `%${likeEscape(a)}%`))));
    await tx
      .delete(verification)
      .where(or(eq(verification.value, profileId), ...addresses.map((a) => like(verification.identifier, `%${likeEscape(a)}%`))));
    // The administrators' changes to this account stay as facts (who changed what, when) without its data.
    await tx.update(auditLog).set({ before: null, after: null, entityId: null }).where(eq(auditLog.entityId, profileId));
    // The user's own uploads are their data; an admin's import record only loses its author (profile_id is
    // set null on the profile's deletion, so these are taken first).
    await tx.delete(excelFiles).where(and(eq(excelFiles.profileId, profileId), eq(excelFiles.scope, 'own_list')));
    // Deleting the login deletes the profile, and with it (foreign keys) sessions, the password, résumés and
    // their bytes, jobs, the remaining deliveries, failed e-mails, exports, consents in flight, e-mail changes,
    // the user's own companies and the job ads applied to.
    await tx.delete(user).where(eq(user.id, profileId));
    await tx.insert(accountDeletions).values({
      cancelledDeliveries: cancelled,
      creditsNoted: cancelled + profile.balance,
      invoicesKept: kept.length,
      mailboxRevoked,
    });
    return { cancelledDeliveries: cancelled, inHands: inHands?.n ?? 0 };
  });

  if (outcome.inHands > 0)
    deps.log.warn(
      { count: outcome.inHands },
      'account deleted while deliveries were still in a worker’s hands: they may have gone, and are not counted as cancelled',
    );

  // Files an earlier version kept under DATA_DIR/resumes/<user id>/ (resume-import.ts moves them in at start,
  // but a host that has not restarted may still hold them).
  await rm(join(deps.dataDir, 'resumes', profileId), { recursive: true, force: true });
  deps.events.publish({ topic: 'profile', profileId });
  return {
    answer: { cancelledDeliveries: outcome.cancelledDeliveries, mailboxRevoked },
    upkeep: () => vacuumAfterDeletion(deps.db, deps.log),
  };
}

/** The grant is revoked before the link goes, so that Sira keeps no token that still works. */
async function revokeMailbox(deps: DeletionDeps, profileId: string): Promise<AccountDeletionAnswer['mailboxRevoked']> {
  const [link] = await deps.db
    .select({ refreshToken: userMailboxes.credential, googleSub: userMailboxes.accountId, email: userMailboxes.email })
    .from(userMailboxes)
    .where(and(eq(userMailboxes.profileId, profileId), eq(userMailboxes.provider, 'gmail'), isNotNull(userMailboxes.credential)));
  if (!link?.refreshToken) return 'not_linked';
  if (await grantSharedWithOthers(deps.db, profileId, link)) return 'shared';
  try {
    await revokeSealedToken(deps, link.refreshToken);
    return 'revoked';
  } catch (error) {
    // Google out of reach: the account is deleted all the same (the token with it); the user is told to
    // remove Sira's access in their Google account.
    deps.log.warn(
      { profileId, err: { name: (error as Error).name, message: (error as Error).message } },
      'revoke at account deletion failed',
    );
    return 'failed';
  }
}

/** Anonymised invoices whose bookkeeping period has ended (the my-data background task). */
export async function purgeRetainedInvoices(db: Database): Promise<number> {
  const gone = await db
    .delete(invoices)
    .where(and(isNull(invoices.profileId), sql`${invoices.retainUntil} <= now()`))
    .returning({ id: invoices.id });
  return gone.length;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
