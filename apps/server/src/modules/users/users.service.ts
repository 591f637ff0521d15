import { ADMIN_PACKAGE, checkApplicantName, normalizeApplicantName, TRIAL_PACKAGE } from '@sira/shared';
import type { Applicant } from '@sira/shared/schemas/users';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages, profiles } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';

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
  /** The messages that actually left (ADR 022: spec §9's `limit − remaining` reads 0 once purchases add up). */
  messagesSent: number;
  failedCount: number;
  isAdmin: boolean;
  fullName: string | null;
  fullNameEn: string | null;
  phone: string | null;
}

/** What the dashboard shows about the signed-in user. Always scoped to that user's id. */
export async function getProfileOverview(db: Database, id: string): Promise<ProfileOverview | undefined> {
  const [row] = await db
    .select({
      email: profiles.email,
      packageName: packages.name,
      messagesRemaining: profiles.messagesRemaining,
      sentMessages: profiles.sentMessages,
      fullName: profiles.fullName,
      fullNameEn: profiles.fullNameEn,
      phone: profiles.phoneNumber,
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
    fullName: row.fullName,
    fullNameEn: row.fullNameEn,
    phone: row.phone,
  };
}

/**
 * The applicant's name as companies will read it (From and {{applicant_name}}), checked by the rule the forms
 * apply (rules/auth.ts) and stored without direction controls or extra spaces. An empty Latin name clears it.
 */
export async function setApplicantName(
  db: Database,
  who: { id: string } | { email: string },
  input: { fullName: string; fullNameEn?: string | undefined },
): Promise<Applicant> {
  const problem = checkApplicantName(input);
  if (problem) throw badRequest(problem);
  const fullNameEn = normalizeApplicantName(input.fullNameEn ?? '');
  const [row] = await db
    .update(profiles)
    .set({ fullName: normalizeApplicantName(input.fullName), fullNameEn: fullNameEn || null })
    .where('id' in who ? eq(profiles.id, who.id) : eq(profiles.email, who.email))
    .returning({ fullName: profiles.fullName, fullNameEn: profiles.fullNameEn, phone: profiles.phoneNumber });
  if (!row) throw new AppError(404, 'PROFILE_NOT_FOUND');
  return row;
}
