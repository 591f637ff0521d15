// Bundles the server, the worker, the migration and backup commands (dist/migrate.js, dist/backup.js) and staging's sandboxes process
// (dist/sandboxes.js) with esbuild. Third-party packages stay in node_modules (PGlite loads its WebAssembly
// from there); only our own workspace code is bundled in. Migrations and the Excel parser's worker thread are
// copied alongside.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// `npm run build` (scripts/build.mjs) builds into a folder aside and moves it into place when complete.
const outdir = process.env.SIRA_SERVER_DIST_DIR ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [
    'src/server.ts',
    'src/worker.ts',
    'src/sandboxes.ts',
    { in: 'src/migrate-cli.ts', out: 'migrate' },
    { in: 'src/backup-cli.ts', out: 'backup' },
  ],
  outdir,
  bundle: true,
  // Shared code and dynamically imported modules go to chunks: the sandboxes (sandbox/embedded.ts,
  // sandbox/staging-client.ts) are loaded only in embedded and staging modes, so a production server never
  // loads them. Only the entries above are built: nothing under test-support/ or any *.test.ts. Chunks sit
  // beside the entries, as code that finds files next to itself (`new URL('./migrations', import.meta.url)`,
  // the spreadsheet parser's worker) may end up in one.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sira/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
// The Excel parser's worker thread (plain JavaScript), found next to the bundle (spreadsheet.ts).
cpSync('src/modules/companies/sheet-parse.worker.mjs', `${outdir}/sheet-parse.worker.mjs`);
// The fonts the Open Graph images are drawn with (og-image.ts), found next to the bundle.
cpSync('src/modules/content/og-fonts', `${outdir}/og-fonts`, { recursive: true });
