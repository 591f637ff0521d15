// Builds the web app and the server only when their sources changed since the last build, so a second
// `npm start` starts in about a second instead of rebuilding.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = ['apps/web/src', 'apps/web/public', 'apps/server/src', 'packages/shared/src'];
const inputFiles = [
  'package-lock.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/server/build.mjs',
  'apps/web/package.json',
  'apps/server/package.json',
];
const outputs = ['apps/web/build/client/index.html', 'apps/server/dist/server.js'];
const stampFile = join(root, 'node_modules', '.cache', 'sira-build-stamp');

function walk(dir, files) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files);
    else if (!/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

function fingerprint() {
  const hash = createHash('sha256');
  const files = [...inputs.flatMap((d) => walk(join(root, d), [])), ...inputFiles.map((f) => join(root, f))].sort();
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(file.slice(root.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** `say` tells what is happening (production passes one that writes a JSON log record). */
export function buildIfNeeded({ quiet = false, say = (message) => console.log(message) } = {}) {
  const current = fingerprint();
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (previous === current && outputs.every((o) => existsSync(join(root, o)))) return false;
  if (!quiet) say('Building Sira (web app and server)…');
  execSync('npm run build', { cwd: root, stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, current);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
