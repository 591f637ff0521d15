// `npm run typecheck`: each workspace's own typecheck (TypeScript 7's native compiler, `typescript-native`), two
// at a time, a workspace being checked on its own. Each one's output is printed whole
// when it ends, so that the errors of one do not interleave with another's.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const AT_ONCE = 2;
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const checked = workspaces.filter((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck);

function typecheck(dir) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '--silent', '-w', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      process.stdout.write(`\n> typecheck ${dir}: ${code === 0 ? 'ok' : `failed (${code})`}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checked];
const results = await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    let ok = true;
    for (let dir = queue.shift(); dir; dir = queue.shift()) ok = (await typecheck(dir)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
