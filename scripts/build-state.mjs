// Whether the build in this folder is whole and made from the current sources. The check reads a manifest
// the build writes last (scripts/build.mjs): every file with its size, and a fingerprint of the sources.
// Looking for two files only (index.html, server.js) missed a build with most of its assets gone.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** What a build produces, relative to the repository root, and the package that produces it. */
export const OUTPUTS = [
  { dir: 'apps/web/build', workspace: '@sira/web', variable: 'SIRA_WEB_BUILD_DIR' },
  { dir: 'apps/server/dist', workspace: '@sira/server', variable: 'SIRA_SERVER_DIST_DIR' },
];
/** Written last, into the server's output. */
export const MANIFEST = 'apps/server/dist/build-manifest.json';

const SOURCE_DIRS = ['apps/web/src', 'apps/web/public', 'apps/server/src', 'packages/shared/src'];
const SOURCE_FILES = [
  'package-lock.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/scripts/post-build.mjs',
  'apps/server/build.mjs',
  'apps/server/build-new-database.mjs',
  'apps/web/package.json',
  'apps/server/package.json',
];

function walk(dir, files) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files);
    else if (!/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

/**
 * A hash of everything the build reads, or undefined where the sources are not all there (a deployment that
 * ships built files only): then nothing can be said about staleness.
 */
export function sourceFingerprint(at = root) {
  if (!SOURCE_DIRS.every((d) => existsSync(join(at, d)))) return undefined;
  const hash = createHash('sha256');
  const files = [...SOURCE_DIRS.flatMap((d) => walk(join(at, d), [])), ...SOURCE_FILES.map((f) => join(at, f))].sort();
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(file.slice(at.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * `{ state: 'whole' }`, or what is wrong: 'missing' (never built, or the manifest is gone), 'damaged' (files
 * listed in the manifest are missing or changed size) or 'stale' (the sources changed since), with a sentence
 * for the operator.
 */
export function checkBuild({ at = root, manifest = MANIFEST, fingerprint = sourceFingerprint(at) } = {}) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(join(at, manifest), 'utf8'));
  } catch {
    return { state: 'missing', reason: `there is no complete build (${manifest} is missing)` };
  }
  const wrong = Object.entries(recorded.files ?? {}).filter(([file, size]) => {
    try {
      return statSync(join(at, file)).size !== size;
    } catch {
      return true;
    }
  });
  if (wrong.length > 0 || !recorded.files) {
    const examples = wrong
      .slice(0, 3)
      .map(([file]) => file)
      .join(', ');
    return {
      state: 'damaged',
      reason: `the build is damaged: ${wrong.length} of ${Object.keys(recorded.files ?? {}).length} built files are missing or changed (${examples})`,
    };
  }
  if (fingerprint !== undefined && recorded.fingerprint !== fingerprint) {
    return { state: 'stale', reason: 'the sources changed since the last build' };
  }
  return { state: 'whole' };
}
