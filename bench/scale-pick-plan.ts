// The plan of the scheduler's mailbox pick (modules/sending/worker/queue.ts) on the benchmark's database, with
// every mailbox waiting: the statement is caught as the worker would send it and run under EXPLAIN ANALYZE.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../apps/server/src/db/client';
import * as queue from '../apps/server/src/modules/sending/worker/queue';

export async function explainPick(handle: DatabaseHandle, mailboxes: number): Promise<string> {
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
  if (pick.pickMailboxes) await pick.pickMailboxes(catching, 64, '', []);
  else await pick.activeMailboxes?.(catching, 64, []);
  if (!caught) return 'mailbox pick: statement not found';
  const { sql, params } = new PgDialect().sqlToQuery(caught);
  const client = (
    handle.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }
  ).$client;
  const { rows } = await client.query(`explain (analyze, costs off, timing off) ${sql}`, params);
  return `mailbox pick at ${mailboxes} waiting mailboxes, 64 asked for:\n${rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`;
}
