import type { Page } from '@sira/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pages } from '../../db/schema';
import { sanitizeRichHtml } from '../../lib/html';

export async function getPageBySlug(db: Database, slug: string): Promise<Page | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  if (!row) return undefined;
  // Sanitised when written and again when read: a row written by any other path still cannot carry script.
  return { id: row.id, slug: row.slug, title: row.title, content: sanitizeRichHtml(row.content), updatedAt: row.updatedAt.toISOString() };
}
