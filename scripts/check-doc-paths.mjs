// `npm run lint` checks that every source file the documents name exists: each `…​.ts`, `.tsx`, `.mjs` or `.sql`
// written in backticks in README.md and docs/ must be the end of a path the repository tracks (a document may
// name `app.ts`, `modules/sending/mime.ts` or the full `apps/server/src/app.ts`). Names with a wildcard or a
// placeholder (`*.test.ts`, `<name>.ts`) are patterns, not files, and are skipped. Exits 1 naming each one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

const tracked = git('ls-files', '--cached', '--others', '--exclude-standard').split('\n').filter(Boolean);
const documents = tracked.filter((path) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')));

/** Every tracked path and each of its tails after a slash: `apps/server/src/app.ts`, `server/src/app.ts`, … */
const tails = new Set();
for (const path of tracked) {
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i++) tails.add(parts.slice(i).join('/'));
}

const NAMED_FILE = /`([^`\s]+\.(?:tsx?|mjs|sql))(?::\d+)?`/g;

const problems = [];
for (const document of documents) {
  const lines = readFileSync(join(root, document), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [, named] of line.matchAll(NAMED_FILE)) {
      if (/[*<>{}]/.test(named)) continue;
      const path = named.replace(/^\.\//, '');
      if (!tails.has(path)) problems.push(`${document}:${index + 1}: \`${named}\` names no file in the repository`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
