// Bundles the static pages' script (src/static-page) next to the prerendered HTML. It is not part of the
// React app: the static pages load only this file (ADR 004).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/static-page/static-page.ts'],
  outfile: 'build/client/static-page.js',
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
});
