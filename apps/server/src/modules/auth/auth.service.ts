import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, session, user, verification } from '../../db/schema';
import { verifyPassword } from './passwords';

/** How long a password reset link (or the reset step an e-mail change's undo leads to) may be used. */
export const RESET_TOKEN_SECONDS = 60 * 60;

export async function emailIsRegistered(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row !== undefined;
}

/** An account with this address exists and its e-mail is not confirmed yet. */
export async function awaitsConfirmation(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.email, email));
  return row !== undefined && !row.confirmed;
}

/** A reset link is usable while its token row exists and has not expired (better-auth deletes it on use). */
export async function resetTokenIsValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return row !== undefined;
}

/** Ends one session by its token (a sign-in that must not stand). */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

/**
 * Whether `password` is the account's own: what confirms, from a session, a change the session alone must not
 * make (deleting the account, changing its address). An account without a password matches none.
 */
export async function passwordMatches(db: Database, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return !!credential?.hash && (await verifyPassword({ hash: credential.hash, password }));
}
