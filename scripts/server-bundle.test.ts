import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's production bundle (apps/server/build.mjs): what a production server or worker loads at start,
// followed through its static imports, holds no sandbox and no test code; the sandboxes are chunks of their own.

const serverDir = new URL('../apps/server/', import.meta.url).pathname;
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sira-server-bundle-'));
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, env: { ...process.env, SIRA_SERVER_DIST_DIR: dist }, stdio: 'pipe' });
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The files a bundle loads before running: itself and what it imports statically, transitively. */
function loadedAtStart(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(/^import\s(?:[^;]*?from\s*)?"(\.\/[^"]+)"/gm)) {
    loadedAtStart(normalize(join(dirname(file), match[1] as string)), seen);
  }
  return seen;
}

/** The source modules esbuild bundled into these files (it marks each with a `// path` comment). */
const sourcesOf = (files: Iterable<string>) =>
  [...files].flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/^\/\/ (src\/\S+|test-support\/\S+)$/gm)].map((m) => m[1]));

describe('the production server bundle', () => {
  it.each(['server.js', 'worker.js'])('%s loads no sandbox and no test code at start', (entry) => {
    const sources = sourcesOf(loadedAtStart(join(dist, entry)));
    expect(sources).toContain(entry === 'server.js' ? 'src/app.ts' : 'src/worker.ts');
    expect(sources.filter((s) => s?.startsWith('src/sandbox/'))).toEqual([]);
    expect(sources.filter((s) => s?.startsWith('test-support/') || s?.includes('.test.'))).toEqual([]);
  });

  it('builds the embedded sandboxes as a chunk of their own, imported only when needed', () => {
    const chunks = readdirSync(dist);
    const embedded = chunks.find((f) => f.startsWith('embedded-') && f.endsWith('.js'));
    expect(embedded).toBeDefined();
    expect(readFileSync(join(dist, 'server.js'), 'utf8')).toContain(`import("./${embedded}")`);
    expect(sourcesOf([join(dist, embedded as string)])).toContain('src/sandbox/embedded.ts');
  });

  it('has no test code anywhere in dist', () => {
    const files = readdirSync(dist, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(sourcesOf(files.map((f) => join(dist, f))).filter((s) => s?.startsWith('test-support/') || s?.includes('.test.'))).toEqual([]);
  });
});
