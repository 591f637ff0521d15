// Runs after `react-router build`:
// 1. bundles the static pages' script (src/static-page) next to the prerendered HTML (ADR 004);
// 2. drops the <link rel="modulepreload"> hints from the prerendered public pages. Their content is already
//    in the HTML, so the scripts only add interactivity; on a slow mobile link the hints made ~40 scripts
//    compete with the stylesheet and font for the first paint (Lighthouse FCP 2.8 s → 1.2–1.9 s on /pricing).
//    The SPA shell of the signed-in pages keeps them: there the scripts *are* the content.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// Where react-router build wrote (react-router.config.ts): `npm run build` builds aside, then moves it into place.
const client = join(process.env.SIRA_WEB_BUILD_DIR ?? 'build', 'client');

await build({
  entryPoints: ['src/static-page/static-page.ts'],
  outfile: join(client, 'static-page.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
});

function* prerenderedPages(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'assets') continue;
    if (statSync(path).isDirectory()) yield* prerenderedPages(path);
    else if (name === 'index.html') yield path;
  }
}

let stripped = 0;
for (const page of prerenderedPages(client)) {
  const html = readFileSync(page, 'utf8');
  const without = html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, '');
  if (without !== html) {
    writeFileSync(page, without);
    stripped++;
  }
}
process.stdout.write(`post-build: static-page.js bundled; modulepreload hints removed from ${stripped} prerendered pages\n`);
