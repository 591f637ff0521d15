import type { AdminFailedEmailsPage } from '@sira/shared/schemas/sending-admin';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { failedEmails, profiles } from '../../db/schema';
import { pageWithin } from '../../lib/pagination';

export const FAILED_EMAILS_PAGE_SIZE = 50;

/** E-mails that could not be delivered, newest first, each with the sending account's e-mail (spec §7). */
export async function listFailedEmails(db: Database, query: { page: number }): Promise<AdminFailedEmailsPage> {
  const pageSize = FAILED_EMAILS_PAGE_SIZE;
  const [totalRow] = await db.select({ n: count() }).from(failedEmails);
  const { page, pageCount, offset } = pageWithin(query.page, totalRow?.n ?? 0, pageSize);
  const rows = await db
    .select({
      id: failedEmails.id,
      email: failedEmails.email,
      userEmail: profiles.email,
      error: failedEmails.error,
      createdAt: failedEmails.createdAt,
    })
    .from(failedEmails)
    .innerJoin(profiles, eq(profiles.id, failedEmails.profileId))
    .orderBy(desc(failedEmails.createdAt), desc(failedEmails.id))
    .limit(pageSize)
    .offset(offset);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: totalRow?.n ?? 0,
    page,
    pageSize,
    pageCount,
  };
}
