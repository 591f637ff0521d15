/**
 * The page a list answers with: the one asked for, or the last one when the list has shrunk below it (rows
 * deleted meanwhile, by this admin or another) — so the screen shows rows and its page buttons rather than an
 * empty page that looks like an empty list.
 */
export function pageWithin(requested: number, total: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.ceil(total / pageSize);
  const page = Math.max(1, Math.min(requested, pageCount));
  return { page, pageCount, offset: (page - 1) * pageSize };
}
