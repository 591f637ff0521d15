import { cpSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router removes its server build after prerendering (`ssr: false`). The API server renders the public
 * pages from it at run time with the database's data (ADR 004), so a copy is kept as build/render, written
 * before the removal. It bundles its dependencies (`ssr.noExternal`): the production image installs only the
 * server's.
 */
function keepRenderBundle(): Plugin {
  return {
    name: 'sira:keep-render-bundle',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    // Before React Router's own writeBundle, which prerenders and then deletes the folder.
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options) {
        if (!options.dir) return;
        const target = join(dirname(options.dir), 'render');
        rmSync(target, { recursive: true, force: true });
        // Its code only: the stylesheets and fonts the pages link to are the client build's.
        cpSync(options.dir, target, { recursive: true, filter: (source) => statSync(source).isDirectory() || /\.m?js$/.test(source) });
      },
    },
  };
}

export default defineConfig({
  plugins: [keepRenderBundle(), reactRouter()],
  server: {
    port: 5173,
    // In development the API runs on its own port (npm start); the web dev server forwards to it.
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' },
  },
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Each file a page loads costs a request and ~1 KB of headers on a phone's connection. React, React Router
        // and TanStack Query are in every hydrated page, so they are one file; code shared by many pages is another.
        // A signed-in page loads 45 files instead of 84, for the same bytes (docs/benchmarks.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'shared', minShareCount: 12, priority: 10 },
          ],
        },
      },
    },
  },
  // Fixed once per build, so the prerendered JSON-LD and the hydrated page agree on "one year from build".
  define: { 'import.meta.env.VITE_BUILD_TIME': JSON.stringify(new Date().toISOString()) },
});
