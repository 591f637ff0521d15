import { PGlite, protocol, types } from '@electric-sql/pglite';
import { Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/**
 * Named prepared statements for the few statements the sending worker runs every few messages (ADR 008,
 * "write path"). Each connection parses and plans a statement once instead of on every call, which on
 * PGlite is most of what such a statement costs: there an ordinary query is six separate exchanges with the
 * WebAssembly module (parse, describe, bind, describe, execute, sync), a named one a single exchange.
 *
 * Rows come back alike on both databases: integer and float columns as numbers, booleans as booleans, every
 * other type as its text (a statement that needs a time returns epoch milliseconds or text).
 */
export interface HotStatements {
  rows<T>(name: string, query: SQL): Promise<T[]>;
}

const dialect = new PgDialect();

const NUMBER_TYPES = new Set<number>([types.INT2, types.INT4, types.INT8, types.OID, types.FLOAT4, types.FLOAT8]);

function decodeField(typeId: number, text: string): unknown {
  if (NUMBER_TYPES.has(typeId)) return Number(text);
  if (typeId === types.BOOL) return text === 't';
  return text;
}

/**
 * A parameter in PostgreSQL's text format: arrays as array literals, every element quoted. Only what the hot
 * statements pass is accepted — text, numbers, booleans, dates, null and flat arrays of them — so that nothing
 * else is silently sent as "[object Object]".
 */
function encodeParam(value: unknown, inArray = false): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && !inArray) {
    const items = value.map((item) => {
      const text = encodeParam(item, true);
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    });
    return `{${items.join(',')}}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  throw new TypeError(
    `hot statements take text, numbers, booleans, dates and flat arrays of them, not ${Object.prototype.toString.call(value)}`,
  );
}

/**
 * A hot statement's text and parameters by a direct walk of what hot statements are made of — literal text,
 * nested fragments, parameters — which costs a fraction of drizzle's general build (a tenth of a millisecond
 * for the recording statement, every few messages). Anything else in it (a table, a column, a list, an
 * inlined fragment) returns null, and drizzle builds the statement.
 */
function walked(query: SQL): { text: string; params: unknown[] } | null {
  let text = '';
  const params: unknown[] = [];
  const visit = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams || !visit(chunk.queryChunks)) return false;
      } else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) return false;
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) return false;
        params.push(value);
        text += `$${params.length}`;
      } else if (chunk === undefined) {
        // drizzle writes nothing for it either.
      } else if (chunk === null || typeof chunk !== 'object' || chunk instanceof Date) {
        params.push(chunk);
        text += `$${params.length}`;
      } else return false;
    }
    return true;
  };
  return visit(query.queryChunks) ? { text, params } : null;
}

/**
 * Per statement name, the text drizzle built the first time, once the walk was found to give the same text
 * and parameters. A later walk giving that text has the same pieces in the same places, so it is used as it
 * is; any other (never for a named statement, whose text is fixed) is built by drizzle.
 */
const checkedTexts = new Map<string, string>();

function statementOf(name: string, query: SQL): { text: string; values: (string | null)[] } {
  const walk = walked(query);
  if (walk && checkedTexts.get(name) === walk.text) return { text: walk.text, values: walk.params.map((p) => encodeParam(p)) };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const values = params.map((p) => encodeParam(p));
  if (walk && walk.text === text && walk.params.length === params.length && walk.params.every((p, i) => encodeParam(p) === values[i]))
    checkedTexts.set(name, text);
  return { text, values };
}

/**
 * Runs `work` with a handle that refuses use once `work` has returned: a call left running would otherwise land
 * in whatever holds the connection (or PGlite's session) next.
 */
async function withHandle<T>(run: HotStatements['rows'], work: (hot: HotStatements) => Promise<T>): Promise<T> {
  let open = true;
  try {
    return await work({
      rows: (name, query) => (open ? run(name, query) : Promise.reject(new Error('the transaction of this handle has ended'))),
    });
  } finally {
    open = false;
  }
}

// ---- PostgreSQL: node-postgres runs named queries natively, one plan per connection.

const decodingTypes = { getTypeParser: (typeId: number) => (text: string) => decodeField(typeId, text) };

async function pgRows<T>(client: pg.Pool | pg.PoolClient, name: string, query: SQL): Promise<T[]> {
  const { text, values } = statementOf(name, query);
  const result = await client.query({ name, text, values, types: decodingTypes as pg.CustomTypesConfig });
  return result.rows as T[];
}

async function pgTransaction<T>(pool: pg.Pool, work: (hot: HotStatements) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await withHandle((name, query) => pgRows(client, name, query), work);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      // The connection is unusable: the pool discards it instead of handing it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

// ---- PGlite: the same protocol messages, sent to the WebAssembly module in one exchange.

/** Statement names parsed on each PGlite instance (its one session). */
const parsedOn = new WeakMap<PGlite, Set<string>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Runs one named statement; the caller holds PGlite's transaction mutex (outside or inside a transaction). */
async function pgliteRows<T>(db: PGlite, name: string, query: SQL, inTransaction: boolean): Promise<T[]> {
  const { text, values } = statementOf(name, query);
  let parsed = parsedOn.get(db);
  if (!parsed) {
    parsed = new Set();
    parsedOn.set(db, parsed);
  }
  const { serialize } = protocol;
  const firstUse = !parsed.has(name);
  const messages = [
    // First use on this session, or again after a failed call (the statement may or may not exist then):
    // closing a statement that does not exist is no error, so the Parse always starts clean.
    ...(firstUse ? [serialize.close({ type: 'S', name }), serialize.parse({ name, text, types: [] })] : []),
    serialize.bind({ statement: name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  let answers: Awaited<ReturnType<PGlite['execProtocol']>>['messages'];
  try {
    ({ messages: answers } = await db._runExclusiveQuery(() => db.execProtocol(concat(messages), { syncToFs: !inTransaction })));
  } catch (error) {
    // Parsed afresh next time: the statement may be gone (DEALLOCATE, a changed result type) or never made.
    parsed.delete(name);
    throw error;
  }
  parsed.add(name);
  let fields: ReadonlyArray<{ name: string; dataTypeID: number }> = [];
  const rows: T[] = [];
  for (const answer of answers) {
    if (answer instanceof protocol.messages.RowDescriptionMessage) fields = answer.fields;
    else if (answer instanceof protocol.messages.DataRowMessage) {
      const values = answer.fields;
      const row: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        const value = values[i];
        row[field.name] = value === null || value === undefined ? null : decodeField(field.dataTypeID, value);
      });
      rows.push(row as T);
    }
  }
  return rows;
}

// ----

function clientOf(db: Database): pg.Pool | PGlite {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof PGlite) return client;
  throw new Error('hot statements run on the database handle from openDatabase');
}

/** One named statement on its own (autocommit). */
export async function hotQuery<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) return pgRows<T>(client, name, query);
  await client._checkReady();
  return client._runExclusiveTransaction(() => pgliteRows<T>(client, name, query, false));
}

/** A transaction of named statements; rolled back when `work` throws. */
export async function hotTransaction<T>(db: Database, work: (hot: HotStatements) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) return pgTransaction(client, work);
  // PGlite's own transaction: BEGIN, COMMIT or ROLLBACK, and its transaction mutex held throughout.
  return client.transaction(() => withHandle((name, query) => pgliteRows(client, name, query, true), work));
}
