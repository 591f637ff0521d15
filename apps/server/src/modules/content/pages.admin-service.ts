import { checkPageInput } from '@sira/shared/messages/content-admin';
import type { AdminPage, AdminPageSaved, PageInput } from '@sira/shared/schemas/content-admin';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pages } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { cleanRichHtml } from '../../lib/html';

type PageRow = typeof pages.$inferSelect;
const toAdminPage = (row: PageRow): AdminPage => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});
const snapshot = (row: PageRow) => ({ slug: row.slug, title: row.title, content: row.content });

/** All pages ordered by title (spec §7). */
export async function listAdminPages(db: Database): Promise<AdminPage[]> {
  const rows = await db.select().from(pages).orderBy(asc(pages.title));
  return rows.map(toAdminPage);
}

/**
 * Saves a page's title and content; the HTML is sanitised here, so every reader may render it, and the answer
 * says what that removed.
 */
export async function updatePage(db: Database, actor: AuditEntry['actor'], id: string, input: PageInput): Promise<AdminPageSaved> {
  const rule = checkPageInput(input);
  if (rule) throw badRequest(rule);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for('update');
    if (!current) throw notFound();
    const content = cleanRichHtml(input.content);
    const [row] = await tx.update(pages).set({ title: input.title.trim(), content: content.html }).where(eq(pages.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor,
      action: 'pages.update',
      entity: 'pages',
      entityId: id,
      before: snapshot(current),
      after: snapshot(row),
    });
    return { ...toAdminPage(row), removed: content.removed };
  });
}
