import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedPgliteVersion, newDatabaseFor, newDatabaseName } from './new-database';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sira-new-database-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a new embedded database from the build', () => {
  it('is the build’s tarball for a folder without a database, when its PGlite version is the one installed', async () => {
    const bundle = folder();
    writeFileSync(join(bundle, newDatabaseName('9.9.9')), 'the build’s new database');
    const blob = newDatabaseFor(folder(), { besideBundle: bundle, pgliteVersion: '9.9.9' });
    expect(await blob?.text()).toBe('the build’s new database');
  });

  it('is nothing for a folder that holds a database already: PGlite opens that one', () => {
    const bundle = folder();
    writeFileSync(join(bundle, newDatabaseName('9.9.9')), 'the build’s new database');
    const dataDir = folder();
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    expect(newDatabaseFor(dataDir, { besideBundle: bundle, pgliteVersion: '9.9.9' })).toBeUndefined();
  });

  it('is nothing when the build made it with another PGlite version, or made none: PGlite runs initdb', () => {
    const bundle = folder();
    writeFileSync(join(bundle, newDatabaseName('9.9.8')), 'made by an older PGlite');
    expect(newDatabaseFor(folder(), { besideBundle: bundle, pgliteVersion: '9.9.9' })).toBeUndefined();
    expect(newDatabaseFor(folder(), { besideBundle: folder(), pgliteVersion: '9.9.9' })).toBeUndefined();
    // Run from the sources there is no build beside this module.
    expect(newDatabaseFor(folder())).toBeUndefined();
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
