// Bundles the server, the worker and staging's sandboxes process with esbuild. Third-party packages stay in node_modules (PGlite loads its
// WebAssembly from there); only our own workspace code is bundled in. Migrations and the Excel parser's
// worker thread are copied alongside.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/sandboxes.ts'],
  outdir: 'dist',
  bundle: true,
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
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The Excel parser's worker thread (plain JavaScript), found next to the bundle (spreadsheet.ts).
cpSync('src/modules/companies/sheet-parse.worker.mjs', 'dist/sheet-parse.worker.mjs');
