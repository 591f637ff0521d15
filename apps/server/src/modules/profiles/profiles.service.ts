import { ADMIN_PACKAGE, TRIAL_PACKAGE } from '@sira/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages, profiles } from '../../db/schema';

/** A new account starts on the trial package with its messages as the balance. */
export async function createProfileForUser(db: Database, user: { id: string; email: string; phoneNumber?: string | null }) {
  const [trial] = await db
    .select({ id: packages.id, messagesLimit: packages.messagesLimit })
    .from(packages)
    .where(eq(packages.name, TRIAL_PACKAGE));
  if (!trial) throw new Error(`the '${TRIAL_PACKAGE}' package is missing`);
  await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      phoneNumber: user.phoneNumber ?? null,
      packageId: trial.id,
      messagesRemaining: trial.messagesLimit,
    })
    .onConflictDoNothing({ target: profiles.id });
}

export interface ProfileSummary {
  id: string;
  email: string;
  packageName: string;
  isAdmin: boolean;
}

export async function getProfileSummary(db: Database, id: string): Promise<ProfileSummary | undefined> {
  const [row] = await db
    .select({ id: profiles.id, email: profiles.email, packageName: packages.name })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, id));
  return row ? { ...row, isAdmin: row.packageName === ADMIN_PACKAGE } : undefined;
}

export interface ProfileOverview {
  email: string;
  packageName: string;
  messagesRemaining: number;
  /** The messages that actually left (ADR 005: spec §9's `limit − remaining` reads 0 once purchases add up). */
  messagesSent: number;
  failedCount: number;
  isAdmin: boolean;
}

/** What the dashboard shows about the signed-in user. Always scoped to that user's id. */
export async function getProfileOverview(db: Database, id: string): Promise<ProfileOverview | undefined> {
  const [row] = await db
    .select({
      email: profiles.email,
      packageName: packages.name,
      messagesRemaining: profiles.messagesRemaining,
      sentMessages: profiles.sentMessages,
      failedCount: sql<number>`(select count(*)::int from failed_emails f where f.profile_id = ${profiles.id})`,
    })
    .from(profiles)
    .innerJoin(packages, eq(packages.id, profiles.packageId))
    .where(eq(profiles.id, id));
  if (!row) return undefined;
  return {
    email: row.email,
    packageName: row.packageName,
    messagesRemaining: row.messagesRemaining,
    messagesSent: row.sentMessages,
    failedCount: row.failedCount,
    isAdmin: row.packageName === ADMIN_PACKAGE,
  };
}
