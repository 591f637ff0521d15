import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAside } from './build.mjs';
import { buildLockPath, withBuildLock } from './build-lock.mjs';
import { checkBuild, sourceFingerprint } from './build-state.mjs';

const scripts = import.meta.dirname;
const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout in miniature: the source folders the fingerprint reads, one file each. */
function checkout(): string {
  const at = mkdtempSync(join(tmpdir(), 'sira-build-'));
  folders.push(at);
  for (const dir of ['apps/web/src', 'apps/web/public', 'apps/server/src', 'packages/shared/src']) {
    mkdirSync(join(at, dir), { recursive: true });
    writeFileSync(join(at, dir, 'index.ts'), `// ${dir}\n`);
  }
  return at;
}

/** Stands in for the web and server builds: a few files per output, the web's under client/assets. */
const fakeBuild = (version: string) => (step: { target: string; dir: string }, asideName: string) => {
  const out = join(step.target, '..', asideName);
  const files = step.dir.endsWith('web/build')
    ? ['client/index.html', 'client/assets/a.js', 'client/assets/b.css']
    : ['server.js', 'worker.js'];
  for (const file of files) {
    mkdirSync(join(out, file, '..'), { recursive: true });
    writeFileSync(join(out, file), `${version} ${file}`);
  }
};

describe('buildAside and checkBuild', () => {
  it('a fresh build is whole; a deleted or changed file makes it damaged, naming the file; new sources make it stale', async () => {
    const at = checkout();
    expect(checkBuild({ at }).state).toBe('missing');
    await buildAside({ at, fingerprint: sourceFingerprint(at), build: fakeBuild('v1') });
    expect(checkBuild({ at })).toEqual({ state: 'whole' });
    const manifest = JSON.parse(readFileSync(join(at, 'apps/server/dist/build-manifest.json'), 'utf8'));
    expect(Object.keys(manifest.files).sort()).toEqual([
      'apps/server/dist/server.js',
      'apps/server/dist/worker.js',
      'apps/web/build/client/assets/a.js',
      'apps/web/build/client/assets/b.css',
      'apps/web/build/client/index.html',
    ]);

    rmSync(join(at, 'apps/web/build/client/assets/a.js'));
    const damaged = checkBuild({ at });
    expect(damaged.state).toBe('damaged');
    expect(damaged.reason).toContain('1 of 5 built files are missing or changed (apps/web/build/client/assets/a.js)');

    await buildAside({ at, fingerprint: sourceFingerprint(at), build: fakeBuild('v1') });
    writeFileSync(join(at, 'apps/server/dist/server.js'), 'truncated');
    expect(checkBuild({ at }).state).toBe('damaged');

    await buildAside({ at, fingerprint: sourceFingerprint(at), build: fakeBuild('v1') });
    writeFileSync(join(at, 'apps/server/src/index.ts'), '// edited\n');
    expect(checkBuild({ at }).state).toBe('stale');
  });

  it('a build that fails leaves the previous one whole and nothing aside', async () => {
    const at = checkout();
    await buildAside({ at, fingerprint: sourceFingerprint(at), build: fakeBuild('v1') });
    const failing = (step: { dir: string; target: string }, asideName: string) => {
      fakeBuild('v2')(step, asideName);
      if (step.dir.endsWith('server/dist')) throw new Error('server build failed');
    };
    await expect(buildAside({ at, fingerprint: sourceFingerprint(at), build: failing })).rejects.toThrow('server build failed');
    expect(checkBuild({ at })).toEqual({ state: 'whole' });
    expect(readFileSync(join(at, 'apps/web/build/client/index.html'), 'utf8')).toBe('v1 client/index.html');
    expect(readdirSync(join(at, 'apps/web')).sort()).toEqual(['build', 'src', 'public'].sort());
    expect(readdirSync(join(at, 'apps/server')).sort()).toEqual(['dist', 'src']);
  });
});

describe('the build lock', () => {
  /** A process that takes the lock, notes when it holds it, and lets go after `holdMs`. */
  const holder = (lockPath: string, log: string, holdMs: number) =>
    spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { appendFileSync } from 'node:fs';
         const { withBuildLock } = await import(${JSON.stringify(pathToFileURL(join(scripts, 'build-lock.mjs')).href)});
         await withBuildLock(${JSON.stringify(lockPath)}, async () => {
           appendFileSync(${JSON.stringify(log)}, 'in ' + process.pid + '\\n');
           await new Promise((r) => setTimeout(r, ${holdMs}));
           appendFileSync(${JSON.stringify(log)}, 'out ' + process.pid + '\\n');
         }, { onWait: () => appendFileSync(${JSON.stringify(log)}, 'wait ' + process.pid + '\\n') });`,
      ],
      { stdio: 'inherit' },
    );

  it('lets one process in at a time; the others wait for it', async () => {
    const at = checkout();
    const log = join(at, 'log');
    const lockPath = buildLockPath(at);
    const holders = [holder(lockPath, log, 300), holder(lockPath, log, 300), holder(lockPath, log, 300)];
    await Promise.all(holders.map((h) => once(h, 'exit')));
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('wait'));
    // in a, out a, in b, out b, …: never two inside at once.
    expect(lines).toHaveLength(6);
    for (let i = 0; i < lines.length; i += 2) {
      expect(lines[i]?.replace('in ', 'out ')).toBe(lines[i + 1]);
    }
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock left by a process that died, or by an earlier life of its own pid', async () => {
    const at = checkout();
    const lockPath = buildLockPath(at);
    mkdirSync(join(lockPath, '..'), { recursive: true });
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    for (const pid of [dead.pid, process.pid]) {
      writeFileSync(lockPath, String(pid));
      let ran = false;
      await withBuildLock(
        lockPath,
        async () => {
          ran = true;
        },
        { timeoutMs: 2_000 },
      );
      expect(ran).toBe(true);
      expect(existsSync(lockPath)).toBe(false);
    }
  });
});

describe('a start in development', () => {
  it('rebuilds a damaged build', async () => {
    const at = checkout();
    const { buildIfNeeded } = await import('./build-if-needed.mjs');
    expect(await buildIfNeeded({ at, quiet: true, build: fakeBuild('v1') })).toBe(true);
    expect(await buildIfNeeded({ at, quiet: true, build: fakeBuild('v2') })).toBe(false);
    rmSync(join(at, 'apps/web/build/client/assets/b.css'));
    expect(await buildIfNeeded({ at, quiet: true, build: fakeBuild('v2') })).toBe(true);
    expect(checkBuild({ at })).toEqual({ state: 'whole' });
    expect(readFileSync(join(at, 'apps/web/build/client/assets/b.css'), 'utf8')).toBe('v2 client/assets/b.css');
  });
});

describe('two starts at once in one folder', () => {
  /** `buildIfNeeded` in a process of its own, with a slow fake build that writes 40 files one by one. */
  const start = (at: string) =>
    spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { mkdirSync, writeFileSync } from 'node:fs';
         import { join } from 'node:path';
         const { buildIfNeeded } = await import(${JSON.stringify(pathToFileURL(join(scripts, 'build-if-needed.mjs')).href)});
         const built = await buildIfNeeded({ at: ${JSON.stringify(at)}, quiet: true, build: (step, asideName) => {
           const out = join(step.target, '..', asideName, 'client', 'assets');
           mkdirSync(out, { recursive: true });
           for (let i = 0; i < 40; i++) {
             writeFileSync(join(out, 'file-' + i + '.js'), String(process.pid));
             Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
           }
         } });
         process.stdout.write(built ? 'built' : 'used the build');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );

  it('builds once: the second waits for the first and uses its build, which is whole', async () => {
    const at = checkout();
    const starts = [start(at), start(at)];
    const said = await Promise.all(
      starts.map(async (child) => {
        let out = '';
        child.stdout?.on('data', (d) => {
          out += d;
        });
        await once(child, 'exit');
        return out;
      }),
    );
    expect(said.sort()).toEqual(['built', 'used the build']);
    expect(checkBuild({ at })).toEqual({ state: 'whole' });
    // Every file is from the one build that ran.
    const owners = new Set(
      readdirSync(join(at, 'apps/web/build/client/assets')).map((f) => readFileSync(join(at, 'apps/web/build/client/assets', f), 'utf8')),
    );
    expect(owners.size).toBe(1);
  });
});
