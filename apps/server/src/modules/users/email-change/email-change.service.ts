import { EMAIL_CHANGE_UNDO_DAYS } from '@sira/shared/rules/my-data';
import { verifyJWT } from 'better-auth/crypto';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { emailChanges, session, user } from '../../../db/schema';
import { emailChangedEmail, passwordChangedAfterEmailChangeEmail } from '../../../mail/security-templates';
import type { SystemMailer } from '../../../mail/system-mailer';
import { sendSecurityNotice } from '../security-notices';
import type { EmailChangeUndoLinks } from './undo-link';

/**
 * An e-mail change once its link is opened, and what it leaves behind (ADR 012): the row in email_changes, the
 * other sessions ended, the notice to the old address with the link that undoes it — and, for
 * EMAIL_CHANGE_UNDO_DAYS, the same link mailed there again when the password is reset.
 */

export interface EmailChangeDeps {
  db: Database;
  mailer: SystemMailer;
  log: { error(obj: object, msg: string): void };
  links: EmailChangeUndoLinks;
}

/** The change a confirmation link asks for: the account at `oldEmail` is to sign in with `newEmail`. */
export interface AddressChangeClaim {
  /** The account the link is for (better-auth binds its links to the account's id). */
  userId: string | null;
  oldEmail: string;
  newEmail: string;
  /** When the link was made (its JWT's iat). */
  issuedAt: Date;
}

/**
 * A link asked for up to this long after an undo is void too: the instant the undo stamped is the database's,
 * the link's is the requesting host's. Nobody can ask for one in that minute anyway: the undo left the account
 * without a session or a usable password.
 */
const HOST_CLOCK_MARGIN_SECONDS = 60;

/**
 * The e-mail change that a link of better-auth's verify-email makes (the one mailed to the new address,
 * better-auth's `change-email-verification`), or null for any other link — a sign-up confirmation — and for one
 * this installation did not sign or that has expired. better-auth checks the link again itself.
 */
export async function addressChangeInLink(secret: string, token: unknown): Promise<AddressChangeClaim | null> {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const payload = await verifyJWT(token, secret);
  if (payload?.requestType !== 'change-email-verification') return null;
  const { email, updateTo, iat, userId } = payload;
  if (typeof email !== 'string' || typeof updateTo !== 'string' || typeof iat !== 'number') return null;
  return { userId: typeof userId === 'string' ? userId : null, oldEmail: email, newEmail: updateTo, issuedAt: new Date(iat * 1000) };
}

/**
 * Whether the account at the link's old address undid an e-mail change after the link was asked for. better-auth's
 * links are signed, not stored, and stay valid for a day, however often they are opened: without this, the
 * link that moved the account away would move it back to the thief's address right after its owner undid it.
 */
export async function linkVoidedByUndo(db: Database, claim: AddressChangeClaim): Promise<boolean> {
  const [undone] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .innerJoin(user, eq(user.id, emailChanges.userId))
    .where(
      and(
        eq(user.email, claim.oldEmail),
        sql`${emailChanges.undoneAt} + make_interval(secs => ${HOST_CLOCK_MARGIN_SECONDS}) >= ${claim.issuedAt.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return undone !== undefined;
}

/**
 * The link was opened and better-auth changed the address: the change is recorded, every session of the account
 * but the one the link signed in (or kept) ends, and the old address is told, with the link that undoes it.
 * Nothing happens when the account does not have the new address (better-auth refused the link).
 */
export async function recordEmailChange(
  deps: EmailChangeDeps,
  claim: AddressChangeClaim,
  kept: { userId: string; sessionId: string },
): Promise<void> {
  const [current] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, kept.userId));
  if (current?.email !== claim.newEmail) return;
  const change = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailChanges)
      .values({ userId: kept.userId, oldEmail: claim.oldEmail, newEmail: claim.newEmail })
      .returning({ id: emailChanges.id });
    await tx.delete(session).where(and(eq(session.userId, kept.userId), ne(session.id, kept.sessionId)));
    return row as { id: string };
  });
  await sendSecurityNotice(deps, claim.oldEmail, emailChangedEmail(deps.links.url(change.id), claim), {
    userId: kept.userId,
    kind: 'email-changed',
  });
}

/**
 * After a password reset: each address the account had until a change of the last EMAIL_CHANGE_UNDO_DAYS that
 * was not undone is told too, with that change's undo link (the current address gets the usual notice).
 */
export async function tellPreviousAddressesOfReset(deps: EmailChangeDeps, account: { id: string; email: string }): Promise<void> {
  const changes = await deps.db
    .selectDistinctOn([emailChanges.oldEmail], { id: emailChanges.id, oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, account.id),
        isNull(emailChanges.undoneAt),
        ne(emailChanges.oldEmail, account.email),
        sql`${emailChanges.createdAt} > now() - make_interval(days => ${EMAIL_CHANGE_UNDO_DAYS})`,
      ),
    )
    .orderBy(emailChanges.oldEmail, desc(emailChanges.createdAt));
  for (const change of changes) {
    await sendSecurityNotice(deps, change.oldEmail, passwordChangedAfterEmailChangeEmail(deps.links.url(change.id), change), {
      userId: account.id,
      kind: 'password-changed-after-email-change',
    });
  }
}
