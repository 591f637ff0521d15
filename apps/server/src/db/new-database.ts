import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new embedded database took PostgreSQL's initdb, which PGlite runs in WebAssembly, then every migration:
 * about 8 processor-seconds and 6 of the 10 seconds a first start took. The build does both once
 * (build-new-database.mjs) and keeps the result beside the bundle, whose migrations it holds; a data folder
 * without a database starts from a copy of it in about a second, and the start's migration step finds nothing
 * to do. The file is named after the PGlite version that made it, so a build made with another version is never
 * loaded: the start then runs initdb and the migrations as before. Run from the sources (tests, tsx) there is
 * no such file.
 */
export const newDatabaseName = (pgliteVersion: string) => `new-database-pglite-${pgliteVersion}.tar.gz`;

/** The installed PGlite's version, from its package.json (the package does not export that file). */
export function installedPgliteVersion(): string {
  // …/@electric-sql/pglite/dist/index.cjs
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The build's new database to start `dataDir` from, or undefined where the folder already holds a database
 * (PGlite opens it) or no new database of this PGlite version was built (PGlite runs initdb).
 */
export function newDatabaseFor(
  dataDir: string,
  { besideBundle = fileURLToPath(new URL('.', import.meta.url)), pgliteVersion = installedPgliteVersion() } = {},
): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const file = join(besideBundle, newDatabaseName(pgliteVersion));
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
