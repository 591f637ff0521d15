import type { SignInEntry } from '@sira/shared/schemas/account-security';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session, signIns } from '../../db/schema';
import { deviceLabel, maskedAddress } from './device-label';

/** How many sign-ins a user's history keeps, and how many the dashboard shows. */
export const KEPT_SIGN_INS = 20;
export const SHOWN_SIGN_INS = 10;
/** A user agent is the browser's to write: only this much of it is stored. */
const USER_AGENT_MAX = 512;

/**
 * Records a successful sign-in (auth-flows.routes.ts, after the session is made) and drops the user's older
 * ones beyond KEPT_SIGN_INS. The address is the one the server trusts (request.ip: TRUST_PROXY decides), not a
 * header the browser could write.
 */
export async function recordSignIn(
  db: Database,
  entry: { userId: string; sessionToken: string | undefined; ipAddress: string | undefined; userAgent: string | undefined },
): Promise<void> {
  const [current] = entry.sessionToken
    ? await db.select({ id: session.id }).from(session).where(eq(session.token, entry.sessionToken))
    : [];
  await db.transaction(async (tx) => {
    await tx.insert(signIns).values({
      userId: entry.userId,
      sessionId: current?.id ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    const kept = tx
      .select({ id: signIns.id })
      .from(signIns)
      .where(eq(signIns.userId, entry.userId))
      .orderBy(desc(signIns.createdAt), desc(signIns.id))
      .limit(KEPT_SIGN_INS);
    await tx.delete(signIns).where(and(eq(signIns.userId, entry.userId), notInArray(signIns.id, kept)));
  });
}

/** The dashboard's list, newest first: which is this browser and which sessions still stand. */
export async function recentSignIns(db: Database, userId: string, currentSessionId: string | null): Promise<SignInEntry[]> {
  const rows = await db
    .select({
      id: signIns.id,
      at: signIns.createdAt,
      sessionId: signIns.sessionId,
      ipAddress: signIns.ipAddress,
      userAgent: signIns.userAgent,
      active: sql<boolean>`exists (select 1 from ${session} s where s.id = ${signIns.sessionId} and s.expires_at > now())`,
    })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.createdAt), desc(signIns.id))
    .limit(SHOWN_SIGN_INS);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    device: deviceLabel(row.userAgent),
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
