import { randomBytes, randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_UNDO_DAYS } from '@sira/shared/rules/my-data';
import type { EmailChangeUndoView } from '@sira/shared/schemas/email-change-undo';
import { and, eq, gte, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { account, emailChanges, profiles, session, user, verification } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { RESET_TOKEN_SECONDS } from '../../auth/auth.service';

/**
 * Undoing an e-mail change from the link mailed to the old address (ADR 012). The link is the only credential,
 * and whoever took the account may have set its password and still be signed in: the undo takes the account
 * back to the old address and leaves nothing the taker holds working — no session, no password, no pending
 * reset link — and hands the link's holder the step that sets a new password.
 */

export interface UndoDeps {
  db: Database;
  /** The app's password hasher (better-auth's): the password the undo leaves is one nobody knows. */
  hashPassword(password: string): Promise<string>;
}

const undoUntil = sql`${emailChanges.createdAt} + make_interval(days => ${EMAIL_CHANGE_UNDO_DAYS})`;

/** The change with whether its link still undoes it, by the database's clock (the one that stamped the row). */
async function changeRow(db: Database, changeId: string, options: { lock: boolean }) {
  const query = db
    .select({
      id: emailChanges.id,
      userId: emailChanges.userId,
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      undoneAt: emailChanges.undoneAt,
      createdAt: emailChanges.createdAt,
      undoUntil: undoUntil.mapWith(emailChanges.createdAt),
      expired: sql<number>`(now() >= ${undoUntil})::int`.mapWith(Number),
    })
    .from(emailChanges)
    .where(eq(emailChanges.id, changeId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'EMAIL_CHANGE_UNDO_INVALID');
  if (row.undoneAt) throw new AppError(409, 'EMAIL_CHANGE_ALREADY_UNDONE');
  if (row.expired) throw new AppError(410, 'EMAIL_CHANGE_UNDO_EXPIRED');
  return row;
}

/** What the page says the undo will do (GET: mail scanners open links, so this changes nothing). */
export async function describeUndo(db: Database, changeId: string): Promise<EmailChangeUndoView> {
  const row = await changeRow(db, changeId, { lock: false });
  return {
    oldEmail: row.oldEmail,
    newEmail: row.newEmail,
    changedAt: row.createdAt.toISOString(),
    undoUntil: row.undoUntil.toISOString(),
  };
}

/**
 * In one transaction: the account (login and profile) has the old address again, confirmed; this change and any
 * later one of the account are marked undone (a later change's link, mailed to an address the taker chose,
 * must not move it away again); every session ends; pending reset links go; the password becomes one nobody
 * knows; and a reset token is made for the link's holder, who proved the old address as a reset link would.
 * An unconfirmed account that took the old address meanwhile (registering it needs no proof) is deleted; a
 * confirmed one keeps it, and the undo is refused.
 */
export async function undoEmailChange(deps: UndoDeps, changeId: string): Promise<{ userId: string; email: string; resetToken: string }> {
  const unusablePassword = await deps.hashPassword(randomBytes(32).toString('base64url'));
  const resetToken = randomBytes(24).toString('base64url');
  return deps.db.transaction(async (tx) => {
    const change = await changeRow(tx, changeId, { lock: true });
    const userId = change.userId;
    const [other] = await tx
      .select({ id: user.id, confirmed: user.emailVerified })
      .from(user)
      .where(and(eq(user.email, change.oldEmail), sql`${user.id} <> ${userId}`));
    if (other?.confirmed) throw new AppError(409, 'EMAIL_CHANGE_UNDO_ADDRESS_TAKEN');
    if (other) await tx.delete(user).where(eq(user.id, other.id));
    // profiles.email mirrors the login's; the Gmail link and the sender address of sent mail are not copies of it.
    await tx.update(user).set({ email: change.oldEmail, emailVerified: true }).where(eq(user.id, userId));
    await tx.update(profiles).set({ email: change.oldEmail }).where(eq(profiles.id, userId));
    await tx
      .update(emailChanges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.undoneAt), gte(emailChanges.createdAt, change.createdAt)));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
    await tx
      .update(account)
      .set({ password: unusablePassword })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    // better-auth's own reset token (identifier and value as its request-password-reset writes them).
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${resetToken}`,
      value: userId,
      expiresAt: sql`now() + make_interval(secs => ${RESET_TOKEN_SECONDS})`,
    });
    return { userId, email: change.oldEmail, resetToken };
  });
}
