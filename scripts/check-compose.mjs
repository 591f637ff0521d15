// `npm run lint` reads compose.yaml as Docker Compose does (compose-config.mjs) for the two ways an operator
// starts it, with deploy/compose.env.example filled in as its sections say:
//   production  `docker compose up -d`: the "required" settings given, "staging only" left empty
//   staging     `docker compose --profile staging up -d` (or COMPOSE_PROFILES=staging in .env): the "staging
//               only" settings given too
// and fails when either would not start (a missing required variable anywhere in the file, a dependency on an
// inactive service), when production would run any service in staging mode, or when staging would leave a
// Sira process in production mode or start without the sandboxes. Exits 1 naming each problem.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ComposeError, loadCompose, parseEnvFile, serviceEnvironment } from './compose-config.mjs';

const root = join(import.meta.dirname, '..');

/** Sample values for the settings an operator must fill in; any non-empty value would do. */
const SAMPLES = {
  SIRA_DOMAIN: 'sira.example.com',
  SANDBOX_URL: 'http://203.0.113.7:4010',
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  SMTP_FROM: 'Sira <no-reply@sira.example.com>',
};
const sample = (name) => SAMPLES[name] ?? `sample-${name.toLowerCase()}-0123456789abcdefghijklmnopqrstuvwxyz`;

/** The example .env split by its `# --- name ---` headings: section → the names assigned under it. */
export function envSections(text) {
  const sections = {};
  let current = '';
  for (const line of text.split('\n')) {
    const heading = /^#\s*---\s*(.+?)\s*-+\s*$/.exec(line);
    if (heading) current = heading[1];
    const assignment = /^([_A-Z][_A-Z0-9]*)=/.exec(line);
    if (!assignment) continue;
    sections[current] ??= [];
    sections[current].push(assignment[1]);
  }
  return sections;
}

/** The .env of each way to start: the example as written, with the named sections' settings filled in. */
export function exampleEnv(text, filledSections) {
  const env = parseEnvFile(text);
  const sections = envSections(text);
  for (const section of filledSections) {
    if (!sections[section]) throw new Error(`deploy/compose.env.example has no "# --- ${section} ---" section`);
    for (const name of sections[section]) env[name] = sample(name);
  }
  return env;
}

const SIRA_COMMANDS = /apps\/server\/dist\/(server|worker|migrate)\.js/;
/** The services that run a Sira process (web, worker, migrate): the image's default command is the server. */
const siraProcesses = (services) =>
  Object.entries(services).filter(
    ([, s]) => (s.build || /sira/.test(s.image ?? '')) && (!s.command || SIRA_COMMANDS.test(s.command.join(' '))),
  );

/** Each problem of one way to start, as text; none when compose.yaml and the example agree with it. */
export function checkStart(composeText, env, { profiles, staging }) {
  let project;
  try {
    project = loadCompose(composeText, env, profiles);
  } catch (error) {
    if (error instanceof ComposeError) return error.problems;
    throw error;
  }
  const problems = [];
  const processes = siraProcesses(project.services);
  if (processes.length === 0) problems.push('no service runs a Sira process');
  for (const [name, service] of processes) {
    const sandboxUrl = serviceEnvironment(service).SANDBOX_URL ?? '';
    if (!staging && sandboxUrl !== '') problems.push(`service "${name}" runs in staging mode (SANDBOX_URL=${sandboxUrl})`);
    if (staging && sandboxUrl === '') problems.push(`service "${name}" gets no SANDBOX_URL: it would run as production`);
  }
  const sandboxes = Object.values(project.services).some((s) => /sandboxes\.js/.test((s.command ?? []).join(' ')));
  if (staging && !sandboxes) problems.push('no sandboxes service starts');
  if (!staging && sandboxes) problems.push('the sandboxes service starts in production');
  return problems;
}

function main() {
  const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
  const exampleText = readFileSync(join(root, 'deploy/compose.env.example'), 'utf8');
  const starts = [
    { what: 'production: docker compose up', env: exampleEnv(exampleText, ['required']), staging: false },
    {
      what: 'staging: docker compose --profile staging up',
      env: exampleEnv(exampleText, ['required', 'staging only']),
      profiles: ['staging'],
      staging: true,
    },
    {
      what: 'staging: docker compose up with COMPOSE_PROFILES=staging in .env',
      env: { ...exampleEnv(exampleText, ['required', 'staging only']), COMPOSE_PROFILES: 'staging' },
      staging: true,
    },
  ];
  let failed = false;
  for (const start of starts) {
    const problems = checkStart(composeText, start.env, start);
    if (problems.length === 0) continue;
    failed = true;
    process.stderr.write(`compose.yaml, ${start.what} with deploy/compose.env.example:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
  }
  if (failed) process.exit(1);
  process.stdout.write('compose.yaml: production and staging start with deploy/compose.env.example\n');
}

if (process.argv[1] === import.meta.filename) main();
