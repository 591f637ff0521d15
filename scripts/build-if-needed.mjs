// Before the server starts (`npm start`, and `npm test` before the browser journeys): in development the web
// app and the server are built when their sources changed or the build is incomplete, so a second start
// takes about a second; in production nothing is ever built at start (that needs the development
// dependencies, and a deployment should run what it tested): a missing or damaged build stops the start.
import { fileURLToPath } from 'node:url';
import { buildAside } from './build.mjs';
import { buildLockPath, waitWhileLocked, withBuildLock } from './build-lock.mjs';
import { checkBuild, root, sourceFingerprint } from './build-state.mjs';

export { root };

export class BuildUnusableError extends Error {}

const waiting = (quiet) => (pid) => {
  if (!quiet) console.log(`Waiting for the build another process (pid ${pid}) is making in this folder…`);
};

/**
 * Development: builds when the build is missing, damaged or older than the sources. Holding the folder's build
 * lock, so a second start at the same time waits for the first one's build and then uses it.
 * Returns whether it built. `at` and `build` let tests use a folder and a builder of their own.
 */
export async function buildIfNeeded({ quiet = false, at = root, build } = {}) {
  return withBuildLock(
    buildLockPath(at),
    async () => {
      const fingerprint = sourceFingerprint(at);
      const found = checkBuild({ at, fingerprint });
      if (found.state === 'whole') return false;
      if (!quiet) console.log(`Building Sira (web app and server): ${found.reason}…`);
      await buildAside({ at, fingerprint, output: quiet ? 'none' : 'errors', ...(build ? { build } : {}) });
      return true;
    },
    { onWait: waiting(quiet) },
  );
}

/**
 * Production: the build must be there and whole. One made from other sources than those beside it is used,
 * with a warning (a deployment may ship its build with the sources of a later commit, or none).
 */
export async function requireBuild({ at = root } = {}) {
  // A build being moved into place (`npm run build` in this folder) is waited for, not read half-done.
  await waitWhileLocked(buildLockPath(at), { onWait: waiting(false) });
  const found = checkBuild({ at });
  if (found.state === 'missing' || found.state === 'damaged') {
    throw new BuildUnusableError(
      `Sira was not started: ${found.reason}.\nProduction never builds at start (that needs the development dependencies). ` +
        'Run `npm run build` (or deploy a complete build), then start again.',
    );
  }
  if (found.state === 'stale') console.warn(`Warning: ${found.reason}; starting the existing build. Run \`npm run build\` to rebuild.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfNeeded();
