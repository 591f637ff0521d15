import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, rowsOf } from '../db/client';
import { AppError } from './errors';

/**
 * Keyset paging for the admin's long lists (ADR 024, "Long lists"): a page is read from the index after (or
 * before) the key of a row the last page showed, never by OFFSET, so the last page of a million rows costs
 * what the first does. A row deleted or added between two pages moves no row of the walk: the next page starts
 * after the last row seen, whether or not that row still exists.
 *
 * The cursor the web sends back is the key, which way to read from it, and the place in the list of the page
 * it leads to (so "showing 1,001 to 2,000" needs no count of the rows before), as base64url JSON, with a
 * fingerprint of the list and its filters: opaque to the web, and refused (400 CURSOR_INVALID) when it does not
 * decode to one this list made for the same filters.
 */

/** The four ways to a page: after or before a row, from a row on, and the list's end. */
const cursorSchema = <K extends z.ZodType>(key: K) =>
  z.discriminatedUnion('d', [
    z.object({
      v: z.literal(1),
      f: z.string().regex(/^[0-9a-f]{8}$/),
      d: z.enum(['after', 'before', 'from']),
      k: key,
      /** 1-based place of the page's first row. */
      p: z.number().int().min(1).max(1_000_000_000),
      /** The place was counted back from an estimated end. */
      e: z.boolean(),
    }),
    z.object({ v: z.literal(1), f: z.string().regex(/^[0-9a-f]{8}$/), d: z.literal('last') }),
  ]);

export type Cursor<Key> =
  | { v: 1; f: string; d: 'after' | 'before' | 'from'; k: Key; p: number; e: boolean }
  | { v: 1; f: string; d: 'last' };

/** A list's rows ordered by its key: what keysetPage needs of it. */
export interface KeysetList<Row, Key> {
  /** Names the list and its filters: a cursor of another list or search is refused. */
  fingerprint: string;
  keyOf: (row: Row) => Key;
  /**
   * Up to `limit` rows in the list's order (`backward`: the reverse order, nearest the key first), after the
   * key (or from it, `inclusive`), or from the list's start (its end, backward) without one.
   */
  read: (at: { key?: Key; inclusive?: boolean; backward?: boolean; limit: number }) => Promise<Row[]>;
  /** How many rows match: exact, or an estimate where counting them all would cost. */
  count: () => Promise<{ total: number; isEstimate: boolean }>;
}

export interface KeysetPage<Row> {
  items: Row[];
  pageSize: number;
  total: number;
  totalIsEstimate: boolean;
  from: number;
  fromIsEstimate: boolean;
  cursors: { previous: string | null; next: string | null; last: string | null; current: string | null };
}

/** FNV-1a over the list's name and filters, as 8 hex digits: tells a cursor of other filters, not a secret. */
export function fingerprintOf(...parts: Array<string | number | null | undefined>): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(parts)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The cursor as the web carries it. */
export const encodeCursor = (cursor: Cursor<unknown>) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/** The cursor the request sent, checked: undefined for none (the first page); 400 CURSOR_INVALID when bad. */
export function decodeCursor<K extends z.ZodType>(raw: string | undefined, key: K, fingerprint: string): Cursor<z.output<K>> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,2048}$/.test(raw)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(400, 'CURSOR_INVALID');
  }
  const parsed = cursorSchema(key).safeParse(value);
  if (!parsed.success || parsed.data.f !== fingerprint) throw new AppError(400, 'CURSOR_INVALID');
  return parsed.data as Cursor<z.output<K>>;
}

/**
 * The page a cursor leads to. A next page past what is left (every row after the cursor deleted) answers the
 * last page, a previous page before which nothing is left the first: the screen shows rows and its page
 * buttons, never an empty page that looks like an empty list. Walking back from the end, the first page holds
 * what is left (a short page), so each row is shown once either way.
 */
export async function keysetPage<Row, Key>(
  list: KeysetList<Row, Key>,
  cursor: Cursor<Key> | undefined,
  pageSize: number,
): Promise<KeysetPage<Row>> {
  // One row more than the page tells whether there is another page that way.
  const forward = async (key?: Key, inclusive = false) => {
    const rows = await list.read({ key, inclusive, limit: pageSize + 1 });
    return { items: rows.slice(0, pageSize), more: rows.length > pageSize };
  };
  const backward = async (key?: Key) => {
    const rows = await list.read({ key, backward: true, limit: pageSize + 1 });
    return { items: rows.slice(0, pageSize).reverse(), more: rows.length > pageSize };
  };
  const anyBefore = async (row: Row) => (await list.read({ key: list.keyOf(row), backward: true, limit: 1 })).length > 0;
  const anyAfter = async (row: Row) => (await list.read({ key: list.keyOf(row), limit: 1 })).length > 0;

  const counting = list.count();
  // Awaited below; a read failing first must not leave its rejection unhandled.
  counting.catch(() => undefined);

  // The place of the first row: exact when walked to from the start, counted back from the end otherwise.
  type Walk = { items: Row[]; hasPrevious: boolean; hasNext: boolean; from: { at: number; estimate: boolean } | 'end' };
  const first = async (): Promise<Walk> => {
    const page = await forward();
    return { items: page.items, hasPrevious: false, hasNext: page.more, from: { at: 1, estimate: false } };
  };
  const last = async (): Promise<Walk> => {
    const page = await backward();
    return { items: page.items, hasPrevious: page.more, hasNext: false, from: 'end' };
  };
  const walk = async (): Promise<Walk> => {
    if (!cursor) return first();
    if (cursor.d === 'last') return last();
    const from = { at: cursor.p, estimate: cursor.e };
    if (cursor.d === 'before') {
      const page = await backward(cursor.k);
      // Nothing left before the key: the first page. A short one is the first page too, as it stands, so a walk
      // back from the end shows every row once.
      if (page.items.length === 0) return first();
      return { items: page.items, hasPrevious: page.more, hasNext: await anyAfter(page.items.at(-1) as Row), from };
    }
    const page = await forward(cursor.k, cursor.d === 'from');
    if (page.items.length === 0) return last();
    return { items: page.items, hasPrevious: await anyBefore(page.items[0] as Row), hasNext: page.more, from };
  };
  const { items: rows, hasPrevious, hasNext, from } = await walk();

  const counted = await counting;
  let total = counted.total;
  let totalIsEstimate = counted.isEstimate;
  let place = from === 'end' ? { at: Math.max(1, total - rows.length + 1), estimate: totalIsEstimate } : from;
  if (!hasPrevious) place = { at: 1, estimate: false };
  const to = place.at + rows.length - 1;
  // Reached the end walking from the start: the rows seen are the count, whatever the estimate said.
  if (!hasNext && !place.estimate && (totalIsEstimate || total < to)) {
    total = to;
    totalIsEstimate = false;
  } else if (total < to) total = to;
  if (rows.length === 0) place = { at: 0, estimate: false };

  const fingerprint = list.fingerprint;
  const at = (d: 'after' | 'before' | 'from', row: Row, p: number) =>
    encodeCursor({ v: 1, f: fingerprint, d, k: list.keyOf(row), p: Math.max(1, p), e: place.estimate });
  const firstRow = rows[0];
  const lastRow = rows.at(-1);
  return {
    items: rows,
    pageSize,
    total,
    totalIsEstimate,
    from: place.at,
    fromIsEstimate: place.estimate,
    cursors: {
      previous: hasPrevious && firstRow ? at('before', firstRow, place.at - pageSize) : null,
      next: hasNext && lastRow ? at('after', lastRow, to + 1) : null,
      last: hasNext ? encodeCursor({ v: 1, f: fingerprint, d: 'last' }) : null,
      current: firstRow ? at('from', firstRow, place.at) : null,
    },
  };
}

/**
 * Rows that match, counted exactly up to `limit` (the count stops there: its cost is bounded whatever the
 * list's size) and estimated past it by the planner's row estimate for the same filter, never below the limit.
 */
export async function cappedCount(
  db: Database,
  table: SQL,
  where: SQL | undefined,
  limit: number,
): Promise<{ total: number; isEstimate: boolean }> {
  const filter = where ? sql`where ${where}` : sql``;
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${table} ${filter} limit ${limit + 1}) as matches`),
  );
  const n = Number(counted?.n ?? 0);
  if (n <= limit) return { total: n, isEstimate: false };
  const [plan] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) select 1 from ${table} ${filter}`));
  return { total: Math.max(limit + 1, planRows(plan ? Object.values(plan)[0] : undefined)), isEstimate: true };
}

/** The top node's "Plan Rows" of an EXPLAIN (FORMAT JSON), which drivers hand over parsed or as text. */
function planRows(value: unknown): number {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  const rows = (parsed as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
