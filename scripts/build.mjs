// `npm run build`: the web app and the server, built aside and then moved into place, one build at a time per
// folder. A build that fails or is interrupted leaves the previous one whole; a server running from this
// folder keeps serving complete files while the next build is made.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLockPath, withBuildLock } from './build-lock.mjs';
import { MANIFEST, OUTPUTS, root, sourceFingerprint } from './build-state.mjs';

export function filesUnder(dir, base = dir, into = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) filesUnder(path, base, into);
    else into[relative(base, path)] = stat.size;
  }
  return into;
}

const leftovers = (parent, name) =>
  existsSync(parent) ? readdirSync(parent).filter((entry) => entry.startsWith(`${name}.next-`) || entry.startsWith(`${name}.old-`)) : [];

/**
 * Builds into `<output>.next-<pid>` folders, writes the manifest (every file with its size, and the sources'
 * fingerprint), then renames each folder into place. Call it holding the build lock.
 * `build(output, aside)` makes one output in the folder `aside`, and may return a promise (tests pass their own).
 */
export async function buildAside({
  at = root,
  fingerprint,
  output = 'errors',
  build = npmBuild(at, output),
  outputs = OUTPUTS,
  manifest = MANIFEST,
}) {
  const steps = outputs.map((output) => {
    const [parent, name] = [join(at, output.dir, '..'), output.dir.split('/').at(-1)];
    // Folders a build that died left behind (we hold the lock: nobody else is building).
    for (const entry of leftovers(parent, name)) rmSync(join(parent, entry), { recursive: true, force: true });
    return {
      ...output,
      target: join(at, output.dir),
      aside: join(parent, `${name}.next-${process.pid}`),
      old: join(parent, `${name}.old-${process.pid}`),
    };
  });
  try {
    // Side by side: the web app's bundler mostly uses one processor, the server's new database (WebAssembly) another.
    // Each runs to its end even when the other fails, so nothing still writes aside once the folders are removed.
    const built = await Promise.allSettled(steps.map(async (step) => build(step, relative(join(step.target, '..'), step.aside))));
    const failed = built.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const files = {};
    for (const step of steps) {
      for (const [file, size] of Object.entries(filesUnder(step.aside))) files[`${step.dir}/${file}`] = size;
    }
    const manifestStep = steps.find((step) => manifest.startsWith(`${step.dir}/`));
    writeFileSync(
      join(manifestStep.aside, manifest.slice(manifestStep.dir.length + 1)),
      `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString(), files }, null, 1)}\n`,
    );
    // The folder holding the manifest goes last: until it is in place the previous manifest stays, and it
    // does not describe the new files, so a start in between sees an unfinished build rather than a whole one.
    const ordered = [...steps.filter((step) => step !== manifestStep), manifestStep];
    for (const step of ordered) {
      if (existsSync(step.target)) renameSync(step.target, step.old);
      renameSync(step.aside, step.target);
      rmSync(step.old, { recursive: true, force: true });
    }
  } finally {
    for (const step of steps) rmSync(step.aside, { recursive: true, force: true });
  }
}

const STDIO = { all: 'inherit', errors: ['ignore', 'ignore', 'inherit'], none: 'ignore' };

/** The real build: each workspace's own build script, told where to write. `output`: all | errors | none. */
function npmBuild(at, output) {
  return async (step, asideName) => {
    const child = spawn('npm', ['run', 'build', '-w', step.workspace], {
      cwd: at,
      env: { ...process.env, [step.variable]: asideName },
      stdio: STDIO[output],
    });
    const [code, signal] = await once(child, 'exit');
    if (code !== 0) throw new Error(`npm run build -w ${step.workspace} failed (${signal ?? `exit code ${code}`})`);
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The fingerprint is taken before building: sources edited meanwhile make the next start build again.
  await withBuildLock(buildLockPath(root), () => buildAside({ fingerprint: sourceFingerprint(), output: 'all' }), {
    onWait: (pid) => console.log(`Waiting for another build (pid ${pid}) in this folder to finish…`),
  });
}
