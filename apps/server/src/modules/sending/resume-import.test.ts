import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInUser } from '../../../test-support/auth';
import { profileIdOf, samplePdf, tempDataDir } from '../../../test-support/sending';
import { resumeFiles, resumes } from '../../db/schema';
import { importDiskResumes } from './resume-import';

/**
 * Earlier versions kept résumés under DATA_DIR/resumes/<user id>/<name>.pdf; the first start of this one moves
 * them into the database, once.
 */

const ctx = useTestApp();

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; obj: Record<string, unknown>; msg: string }> = [];
  return {
    lines,
    log: {
      info: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', obj, msg }),
    } as unknown as Parameters<typeof importDiskResumes>[2],
  };
}

let counter = 0;
/** A user with `count` résumés as an earlier version left them: a row each, and a file in `dataDir`. */
async function legacyResumes(dataDir: string, count: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  mkdirSync(join(dataDir, 'resumes', profileId), { recursive: true });
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const path = `${profileId}/سيرتي-${i}-${Date.now() + counter++}.pdf`;
    const pdf = samplePdf(50_000 + i);
    writeFileSync(join(dataDir, 'resumes', path), pdf);
    await ctx.db.insert(resumes).values({ profileId, path, originalName: `سيرتي ${i}.pdf`, sizeBytes: pdf.length });
    files.set(path, pdf);
  }
  return { profileId, files };
}

const storedBytes = async (paths: string[]) =>
  new Map((await ctx.db.select().from(resumeFiles).where(inArray(resumeFiles.path, paths))).map((r) => [r.path, r.bytes] as const));

describe('importDiskResumes', () => {
  it('moves each file into the row of its path, deletes it, logs how many; a second run finds nothing to do', async () => {
    const dataDir = tempDataDir();
    const a = await legacyResumes(dataDir, 2);
    const b = await legacyResumes(dataDir, 1);
    const expected = new Map([...a.files, ...b.files]);
    const first = recordingLog();

    expect(await importDiskResumes(ctx.db, dataDir, first.log)).toEqual({ moved: 3, alreadyStored: 0, unreferenced: 0, failed: 0 });
    const stored = await storedBytes([...expected.keys()]);
    expect(stored.size).toBe(3);
    for (const [path, pdf] of expected) expect(stored.get(path)?.equals(pdf), path).toBe(true);
    // Nothing left on the disk: the folder itself is gone.
    expect(existsSync(join(dataDir, 'resumes'))).toBe(false);
    expect(first.lines).toEqual([expect.objectContaining({ level: 'info', msg: expect.stringContaining('moved 3 file(s)') })]);

    const second = recordingLog();
    expect(await importDiskResumes(ctx.db, dataDir, second.log)).toEqual({ moved: 0, alreadyStored: 0, unreferenced: 0, failed: 0 });
    expect(second.lines).toEqual([]);
    expect((await storedBytes([...expected.keys()])).size).toBe(3);
  });

  it('is idempotent: bytes already stored are kept, the file is deleted; two processes at once store each file once', async () => {
    const dataDir = tempDataDir();
    const u = await legacyResumes(dataDir, 4);
    const [donePath, ...rest] = [...u.files.keys()] as [string, ...string[]];
    // A start that stored this one and stopped before deleting its file.
    await ctx.db.insert(resumeFiles).values({ path: donePath, bytes: u.files.get(donePath) as Buffer });

    const [one, two] = await Promise.all([
      importDiskResumes(ctx.db, dataDir, recordingLog().log),
      importDiskResumes(ctx.db, dataDir, recordingLog().log),
    ]);
    expect((one?.moved ?? 0) + (two?.moved ?? 0)).toBe(rest.length);
    expect((one?.failed ?? 0) + (two?.failed ?? 0)).toBe(0);
    const stored = await storedBytes([...u.files.keys()]);
    for (const [path, pdf] of u.files) expect(stored.get(path)?.equals(pdf), path).toBe(true);
    expect(existsSync(join(dataDir, 'resumes'))).toBe(false);
  });

  it('leaves a file no résumé of this database names, and says so', async () => {
    const dataDir = tempDataDir();
    const u = await legacyResumes(dataDir, 1);
    const orphan = `${u.profileId}/deleted-${Date.now()}.pdf`;
    writeFileSync(join(dataDir, 'resumes', orphan), samplePdf());
    const run = recordingLog();

    expect(await importDiskResumes(ctx.db, dataDir, run.log)).toEqual({ moved: 1, alreadyStored: 0, unreferenced: 1, failed: 0 });
    expect(readdirSync(join(dataDir, 'resumes', u.profileId))).toEqual([orphan.split('/')[1]]);
    expect(await ctx.db.select().from(resumeFiles).where(eq(resumeFiles.path, orphan))).toEqual([]);
    expect(run.lines.map((l) => [l.level, l.obj.unreferenced ?? l.obj.moved])).toEqual([
      ['info', 1],
      ['warn', 1],
    ]);
  });

  it('does nothing, and says nothing, without a résumés folder', async () => {
    const run = recordingLog();
    expect(await importDiskResumes(ctx.db, tempDataDir(), run.log)).toEqual({ moved: 0, alreadyStored: 0, unreferenced: 0, failed: 0 });
    expect(run.lines).toEqual([]);
  });
});
