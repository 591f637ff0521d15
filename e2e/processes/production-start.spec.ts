import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, root, startProcess } from '../fixtures/processes';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A deployment's folder: the start scripts and the build made by `npm run build` in this checkout, the
 * dependencies, and no sources.
 */
function deployment(): string {
  const at = mkdtempSync(join(tmpdir(), 'sira-deploy-'));
  folders.push(at);
  mkdirSync(join(at, 'scripts'));
  for (const file of readdirSync(join(root, 'scripts')).filter((f) => f.endsWith('.mjs'))) {
    cpSync(join(root, 'scripts', file), join(at, 'scripts', file));
  }
  cpSync(join(root, 'apps/server/dist'), join(at, 'apps/server/dist'), { recursive: true });
  cpSync(join(root, 'apps/web/build'), join(at, 'apps/web/build'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(at, 'node_modules'));
  return at;
}

const productionStart = (at: string) =>
  startProcess(process.execPath, [join(at, 'scripts/start.mjs')], cleanEnv({ NODE_ENV: 'production', PORT: '0' }), { cwd: at });

describe('NODE_ENV=production npm start', () => {
  it('never builds: a build with a file missing stops the start, naming the file and `npm run build`', async () => {
    const at = deployment();
    const assets = join(at, 'apps/web/build/client/assets');
    const [lost] = readdirSync(assets).filter((f) => f.endsWith('.js'));
    rmSync(join(assets, lost as string));
    const start = productionStart(at);
    expect(await start.exited).toBe(1);
    expect(start.output()).toContain(`the build is damaged: 1 of `);
    expect(start.output()).toContain(`apps/web/build/client/assets/${lost}`);
    expect(start.output()).toContain('Run `npm run build`');
    expect(start.output()).not.toMatch(/Building Sira/);
  });

  it('no build at all stops the start the same way', async () => {
    const at = deployment();
    rmSync(join(at, 'apps/server/dist'), { recursive: true });
    const start = productionStart(at);
    expect(await start.exited).toBe(1);
    expect(start.output()).toContain('there is no complete build');
    expect(start.output()).toContain('Run `npm run build`');
  });
});
