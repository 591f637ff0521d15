import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test-support/app';
import { signedInUser } from '../../../../test-support/auth';
import {
  profileIdOf,
  recordingLogger,
  samplePdf,
  tempDataDir,
  testEnvWithDataDir,
  uploadResume,
  waitFor,
} from '../../../../test-support/sending';
import type { Database } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { dataExportFiles, dataExports, profiles, user } from '../../../db/schema';
import { buildExport, claimExport } from './data-export.service';
import { vacuumAfterDeletion } from './deletion-upkeep';

/**
 * Erasure after an account deletion (ADR 015): its exports go with it, rows and files, and the tables that held
 * its rows are vacuumed afterwards, so the deleted rows do not stay in the table files until some later vacuum
 * (PGlite runs none by itself).
 */

const dataDir = tempDataDir();
const ctx = useTestApp(() => ({ env: testEnvWithDataDir(dataDir) }));

/** Tables with a text, json or bytea column holding `needle` (bytes of a bytea compared as they are). */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = rowsOf<{ table: string; column: string; type: string }>(
    await ctx.db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea')`),
  );
  const found = new Set<string>();
  for (const { table, column, type } of columns) {
    const col = sql.identifier(column);
    const condition =
      type === 'bytea' ? sql`position(convert_to(${needle}, 'UTF8') in ${col}) > 0` : sql`strpos(${col}::text, ${needle}) > 0`;
    const [hit] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${condition}`),
    );
    if ((hit?.n ?? 0) > 0) found.add(table);
  }
  return [...found].sort();
}

/** Those of `tables` not vacuumed by hand (VACUUM, not autovacuum) since `since`, by the database's clock. */
async function notVacuumedSince(tables: string[], since: string): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await ctx.db.execute(sql`
      select relname as name from pg_stat_user_tables
      where relname = any(${sql.param(tables)}::text[]) and (last_vacuum is null or last_vacuum < ${since}::timestamptz)`),
  );
  return rows.map((r) => r.name).sort();
}

function filesUnder(dir: string, needle: Buffer): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, needle));
    else if (readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}

describe('erasure after an account deletion', () => {
  it("takes the user's exports with it and vacuums every table that held the user's name and CV file name", async () => {
    const u = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, u.email);
    const name = `Zubaida Qirtas ${profileId.slice(0, 8)}`;
    const cvName = `zq-${profileId.slice(0, 8)}-cv.pdf`;
    await ctx.db.update(profiles).set({ fullName: name }).where(eq(profiles.id, profileId));
    await ctx.db.update(user).set({ name }).where(eq(user.id, profileId));
    expect((await uploadResume(ctx, u.cookie, samplePdf(3000), cvName)).statusCode).toBe(201);
    // A copy of the data made before the deletion: its ZIP names the CV file (names are stored as they are).
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/me/data-exports', headers: { cookie: u.cookie } })).statusCode).toBe(
      201,
    );
    const claim = await claimExport(ctx.db);
    if (!claim) throw new Error('no export to build');
    await buildExport(ctx.db, claim);
    const [zip] = await ctx.db.select().from(dataExportFiles).where(eq(dataExportFiles.exportId, claim.id));
    expect(zip?.bytes.includes(Buffer.from(cvName))).toBe(true);

    const holding = [...new Set([...(await tablesHolding(name)), ...(await tablesHolding(cvName))])].sort();
    expect(holding).toEqual(expect.arrayContaining(['data_export_files', 'profiles', 'resumes', 'user']));
    const [{ now: before } = { now: '' }] = rowsOf<{ now: string }>(await ctx.db.execute(sql`select now()::text as now`));

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: { cookie: u.cookie },
      payload: { password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The export: no row, no archive, no file.
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.id, claim.id))).toEqual([]);
    expect(await ctx.db.select().from(dataExportFiles).where(eq(dataExportFiles.exportId, claim.id))).toEqual([]);
    expect(filesUnder(dataDir, zip?.bytes as Buffer)).toEqual([]);
    expect(filesUnder(dataDir, Buffer.from(cvName))).toEqual([]);
    expect(await tablesHolding(name)).toEqual([]);
    expect(await tablesHolding(cvName)).toEqual([]);
    // The vacuum runs after the answer: every table that held the rows is vacuumed once it is done.
    await waitFor(async () => (await notVacuumedSince(holding, before)).length === 0, 20_000, 'the vacuum after the deletion').catch(
      async (error: Error) => {
        throw new Error(`${error.message}: not vacuumed ${(await notVacuumedSince(holding, before)).join(', ')}`);
      },
    );
  });

  it('logs a vacuum that fails, and does not throw', async () => {
    const logged = recordingLogger();
    // A database that refuses the upkeep's statements, as one whose tables belong to another role would.
    const failing = new Proxy(ctx.db, {
      get(target, prop) {
        if (prop === 'execute') return () => Promise.reject(new Error('must be owner of table profiles'));
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    await vacuumAfterDeletion(failing, logged.log);
    expect(logged.entries).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'vacuum after an account deletion failed: the erased rows stay in the table files until the next vacuum',
      }),
    ]);
  });
});
