import type { SignInEntry, SignInOutcome } from '@sira/shared/schemas/account-security';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { session, signIns, user } from '../../db/schema';
import { deviceLabel, maskedAddress } from './device-label';

/**
 * How many sign-ins of each outcome a user's history keeps: kept apart, so that a flood of wrong passwords
 * cannot push the successful sign-ins out of it.
 */
export const KEPT_SIGN_INS = 20;
/** How many the dashboard shows, of which at most SHOWN_FAILED_SIGN_INS failed attempts. */
export const SHOWN_SIGN_INS = 10;
export const SHOWN_FAILED_SIGN_INS = 5;
/** A user agent is the browser's to write: only this much of it is stored. */
const USER_AGENT_MAX = 512;

interface Attempt {
  ipAddress: string | undefined;
  userAgent: string | undefined;
}

/** Adds one row and drops the user's older ones of the same outcome beyond KEPT_SIGN_INS. */
async function insertKeepingNewest(
  db: Database,
  row: { userId: string; sessionId: string | null; outcome: SignInOutcome } & Attempt,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(signIns).values({
      userId: row.userId,
      sessionId: row.sessionId,
      outcome: row.outcome,
      ipAddress: row.ipAddress ?? null,
      userAgent: row.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    const sameOutcome = and(eq(signIns.userId, row.userId), eq(signIns.outcome, row.outcome));
    const kept = tx
      .select({ id: signIns.id })
      .from(signIns)
      .where(sameOutcome)
      .orderBy(desc(signIns.createdAt), desc(signIns.id))
      .limit(KEPT_SIGN_INS);
    await tx.delete(signIns).where(and(sameOutcome, notInArray(signIns.id, kept)));
  });
}

/**
 * Records a successful sign-in (auth-flows.routes.ts, after the session is made). The address is the one the
 * server trusts (request.ip: TRUST_PROXY decides), not a header the browser could write.
 */
export async function recordSignIn(db: Database, entry: { userId: string; sessionToken: string | undefined } & Attempt): Promise<void> {
  const [current] = entry.sessionToken
    ? await db.select({ id: session.id }).from(session).where(eq(session.token, entry.sessionToken))
    : [];
  await insertKeepingNewest(db, { ...entry, sessionId: current?.id ?? null, outcome: 'succeeded' });
}

/**
 * Records a wrong password given for an account's address, so its owner sees someone tried. An address without
 * an account gets nothing: no row, no account, and the same answer as a wrong password (the caller's).
 */
export async function recordFailedSignIn(db: Database, attempt: { email: string } & Attempt): Promise<void> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, attempt.email));
  if (!account) return;
  await insertKeepingNewest(db, { ...attempt, userId: account.id, sessionId: null, outcome: 'failed' });
}

/**
 * The dashboard's list, newest first: the newest SHOWN_SIGN_INS, of which at most SHOWN_FAILED_SIGN_INS failed
 * attempts, so the successful sign-ins stay on it however many wrong passwords were tried. Which is this
 * browser and which sessions still stand.
 */
export async function recentSignIns(db: Database, userId: string, currentSessionId: string | null): Promise<SignInEntry[]> {
  const newest = (outcome: SignInOutcome, limit: number) =>
    db
      .select({
        id: signIns.id,
        at: signIns.createdAt,
        outcome: signIns.outcome,
        sessionId: signIns.sessionId,
        ipAddress: signIns.ipAddress,
        userAgent: signIns.userAgent,
      })
      .from(signIns)
      .where(and(eq(signIns.userId, userId), eq(signIns.outcome, outcome)))
      .orderBy(desc(signIns.createdAt), desc(signIns.id))
      .limit(limit);
  const both = unionAll(newest('succeeded', SHOWN_SIGN_INS), newest('failed', SHOWN_FAILED_SIGN_INS)).as('both');
  const rows = await db
    .select({
      id: both.id,
      at: both.at,
      outcome: both.outcome,
      sessionId: both.sessionId,
      ipAddress: both.ipAddress,
      userAgent: both.userAgent,
      active: sql<boolean>`exists (select 1 from ${session} s where s.id = ${both.sessionId} and s.expires_at > now())`,
    })
    .from(both)
    .orderBy(desc(both.at), desc(both.id))
    .limit(SHOWN_SIGN_INS);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    outcome: row.outcome === 'failed' ? 'failed' : 'succeeded',
    device: deviceLabel(row.userAgent),
    // Every row's address is masked, not only a failed attempt's. A failed attempt's is a stranger's, perhaps;
    // a successful one's is whoever had the password, and the list is read by any session of the account — one
    // left open on a shared computer would show the owner's home address to the next person at it. The card's
    // question, "is this me?", is answered by the device, the time and the network; and with one rule no path
    // returns a whole address.
    address: maskedAddress(row.ipAddress),
    current: currentSessionId !== null && row.sessionId === currentSessionId,
    active: !!row.active,
  }));
}

/** The user's sessions other than `keepSessionId` that have not expired: what "sign out everywhere" ends. */
export async function otherSessionIds(db: Database, userId: string, keepSessionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, userId), sql`${session.id} <> ${keepSessionId}`, sql`${session.expiresAt} > now()`));
  return rows.map((r) => r.id);
}
