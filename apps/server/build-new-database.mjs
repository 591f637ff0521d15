// Part of the server's build, after build.mjs: a new embedded database (the cluster initdb makes, with the
// bundle's migrations applied) as a gzipped tarball beside the bundle, named after the PGlite version that made
// it. A new data folder starts from it instead of running initdb and the migrations (src/db/new-database.ts).
// Run with --liftoff-only (package.json): for one run, V8's optimising compiler cost more processor time than it
// saved (5.1 against 7.8 processor-seconds).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const outdir = process.env.SIRA_SERVER_DIST_DIR ?? 'dist';
const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));

// The extensions the server loads (src/db/client.ts); the migrations create pg_trgm's.
const database = await PGlite.create({ extensions: { pg_trgm } });
// The migrations build.mjs copied beside the bundle: the ones a server from this build runs.
await migrate(drizzle(database), { migrationsFolder: join(outdir, 'migrations') });
await database.exec('CHECKPOINT');
const tarball = await database.dumpDataDir('gzip');
await database.close();
// The name newDatabaseName (src/db/new-database.ts) gives it.
writeFileSync(join(outdir, `new-database-pglite-${version}.tar.gz`), Buffer.from(await tarball.arrayBuffer()));
