// The plan of the scheduler's mailbox pick (modules/sending/worker/queue.ts) on the benchmark's database: the
// statement is caught as the worker would send it and run under EXPLAIN ANALYZE, once with every mailbox waiting
// and once with 99 % of them left out (resting after their last message, as at a steady pace).
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, type DatabaseHandle, rowsOf } from '../apps/server/src/db/client';
import * as queue from '../apps/server/src/modules/sending/worker/queue';

export async function explainPick(handle: DatabaseHandle, mailboxes: number): Promise<string> {
  const ids = rowsOf<{ id: string }>(await handle.db.execute(sql`select profile_id as id from user_gmail order by random()`)).map(
    (r) => r.id,
  );
  const resting = ids.filter((_, i) => i % 100 !== 0);
  const plans = [];
  for (const [label, skip] of [
    ['every mailbox waiting', []],
    [`${resting.length} of them resting`, resting],
  ] as const) {
    let caught: SQL | undefined;
    const catching = {
      execute: async (query: SQL) => {
        caught = query;
        return { rows: [] };
      },
    } as unknown as Database;
    const pick = queue as unknown as {
      pickMailboxes?: (db: Database, limit: number, from: string, skip: readonly string[]) => Promise<unknown>;
      activeMailboxes?: (db: Database, limit: number, skip: readonly string[]) => Promise<unknown>;
    };
    // As a worker with 16 free slots asks (the old pick asked for four times as many, to sort them).
    if (pick.pickMailboxes) await pick.pickMailboxes(catching, 17, '', skip);
    else await pick.activeMailboxes?.(catching, 64, skip);
    if (!caught) return 'mailbox pick: statement not found';
    const { sql: text, params } = new PgDialect().sqlToQuery(caught);
    const client = (
      handle.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }
    ).$client;
    const { rows } = await client.query(`explain (analyze, costs off, timing off) ${text}`, params);
    // The left-out mailboxes' ids are a parameter the plan repeats in full: shown by their number.
    const line = (r: Record<string, string>) => `  ${Object.values(r)[0]}`.replace(/'\{[^}]{200,}\}'/, `'{${skip.length} ids}'`);
    plans.push(`mailbox pick at ${mailboxes} mailboxes with work, ${label}:\n${rows.map(line).join('\n')}`);
  }
  return plans.join('\n');
}
