import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { installedPgliteVersion, newDatabaseName, unpackNewDatabase } from './new-database';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sira-new-database-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A ustar header as PGlite's dumpDataDir writes one (tinytar: a leading slash, octal fields, the checksum). */
function header(name: string, type: '0' | '5', size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write(`${(type === '5' ? 0o755 : 0o644).toString(8).padStart(7, '0')}\0`, 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** A gzipped tarball of these entries (a Buffer is a file, null a folder), ended by two zero blocks. */
function tarball(entries: Array<[string, Buffer | null]>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of entries) {
    parts.push(header(name, content ? '0' : '5', content?.length ?? 0));
    if (content) parts.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/** A bundle folder holding a new database of version 9.9.9 made of these entries. */
function bundleWith(entries: Array<[string, Buffer | null]>, version = '9.9.9'): string {
  const bundle = folder();
  writeFileSync(join(bundle, newDatabaseName(version)), tarball(entries));
  return bundle;
}

const relationFile = Buffer.alloc(20_000, 7);
const database: Array<[string, Buffer | null]> = [
  ['/PG_VERSION', Buffer.from('17\n')],
  ['/base', null],
  ['/base/5', null],
  ['/base/5/1259', relationFile],
  ['/postgresql.conf', Buffer.from('# the build’s\n')],
];

describe('a new embedded database from the build', () => {
  it('is the build’s tarball unpacked into a folder without a database, when its PGlite version is the one installed', async () => {
    const dataDir = join(folder(), 'db');
    expect(await unpackNewDatabase(dataDir, { besideBundle: bundleWith(database), pgliteVersion: '9.9.9' })).toBe(true);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dataDir, 'base/5/1259')).equals(relationFile)).toBe(true);
    expect(readFileSync(join(dataDir, 'postgresql.conf'), 'utf8')).toBe('# the build’s\n');
    // PostgreSQL's own modes: the folders and files are the owner's only.
    expect(statSync(join(dataDir, 'base/5')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'base/5/1259')).mode & 0o777).toBe(0o600);
  });

  it('writes PG_VERSION last, so a folder a damaged tarball left half-written is unpacked again at the next start', async () => {
    const whole = tarball(database);
    const bundle = folder();
    // Cut inside the relation file: PG_VERSION came first in the tarball but is not written yet.
    writeFileSync(join(bundle, newDatabaseName('9.9.9')), gzipSync(gunzipSync(whole).subarray(0, 3 * 512 + 4_000)));
    const dataDir = folder();
    await expect(unpackNewDatabase(dataDir, { besideBundle: bundle, pgliteVersion: '9.9.9' })).rejects.toThrow(/ends in the middle/);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(await unpackNewDatabase(dataDir, { besideBundle: bundleWith(database), pgliteVersion: '9.9.9' })).toBe(true);
    expect(readFileSync(join(dataDir, 'base/5/1259')).equals(relationFile)).toBe(true);
  });

  it('refuses a tarball whose header is damaged or that names a path outside the folder', async () => {
    const damaged = gunzipSync(tarball(database));
    // A letter of the second header (the base folder's name) changed.
    damaged[1026] = damaged[1026] === 0x41 ? 0x42 : 0x41;
    const bundle = folder();
    writeFileSync(join(bundle, newDatabaseName('9.9.9')), gzipSync(damaged));
    await expect(unpackNewDatabase(folder(), { besideBundle: bundle, pgliteVersion: '9.9.9' })).rejects.toThrow(/checksum/);
    const outside = bundleWith([...database, ['/../escaped', Buffer.from('x')]]);
    const dataDir = join(folder(), 'db');
    await expect(unpackNewDatabase(dataDir, { besideBundle: outside, pgliteVersion: '9.9.9' })).rejects.toThrow(/outside its folder/);
    expect(existsSync(join(dataDir, '..', 'escaped'))).toBe(false);
  });

  it('is nothing for a folder that holds a database already: PGlite opens that one', async () => {
    const dataDir = folder();
    writeFileSync(join(dataDir, 'PG_VERSION'), '16\n');
    expect(await unpackNewDatabase(dataDir, { besideBundle: bundleWith(database), pgliteVersion: '9.9.9' })).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
    expect(existsSync(join(dataDir, 'base'))).toBe(false);
  });

  it('is nothing when the build made it with another PGlite version, or made none: PGlite runs initdb', async () => {
    const older = bundleWith(database, '9.9.8');
    expect(await unpackNewDatabase(folder(), { besideBundle: older, pgliteVersion: '9.9.9' })).toBe(false);
    const none = folder();
    mkdirSync(join(none, 'empty'));
    expect(await unpackNewDatabase(join(none, 'empty'), { besideBundle: folder(), pgliteVersion: '9.9.9' })).toBe(false);
    // Run from the sources there is no build beside this module.
    expect(await unpackNewDatabase(folder())).toBe(false);
  });

  it('is named after the installed PGlite’s version', () => {
    const lock = JSON.parse(readFileSync(new URL('../../../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    const version = lock.packages['node_modules/@electric-sql/pglite']?.version;
    expect(installedPgliteVersion()).toBe(version);
    expect(newDatabaseName(installedPgliteVersion())).toBe(`new-database-pglite-${version}.tar.gz`);
  });
});
