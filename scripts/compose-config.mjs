// compose.yaml read the way Docker Compose v2 reads it, for `npm run lint` (check-compose.mjs): the YAML with
// its anchors and merge keys, then every string value of every service interpolated from the environment —
// services of inactive profiles included, which is what made a staging-only `${SANDBOX_URL:?…}` stop
// production — and only then the profiles applied. The interpolation follows the Compose specification's
// rules (compose-go's template package): `$$` is a dollar sign; `$NAME` and `${NAME}`; `${NAME:-default}`
// when unset or empty, `${NAME-default}` when unset; `${NAME:?message}` fails when unset or empty,
// `${NAME?message}` when unset; `${NAME:+other}` / `${NAME+other}` the other way round; a default or message
// may hold further `${…}`; any other `$` is an invalid template. Keys are not interpolated, only values.
import { parse } from 'yaml';

export class ComposeError extends Error {
  constructor(problems) {
    super(problems.join('\n'));
    this.name = 'ComposeError';
    this.problems = problems;
  }
}

const NAME = /^[_a-z][_a-z0-9]*/i;

/** The index of the `}` closing the `${` that opens at `start`, counting nested `${…}`; -1 if none. */
function closingBrace(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text.startsWith('${', i)) {
      depth++;
      i++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** One `${…}`'s inside, e.g. `APP_SECRET:?set it`, resolved against `lookup` (name → string | undefined). */
function substituteBraced(inner, lookup, template) {
  const name = NAME.exec(inner)?.[0];
  if (!name) throw new ComposeError([`Invalid template: "${template}"`]);
  const rest = inner.slice(name.length);
  const value = lookup(name);
  if (rest === '') return value ?? '';
  const operator = /^:?[-?+]/.exec(rest)?.[0];
  if (!operator) throw new ComposeError([`Invalid template: "${template}"`]);
  const argument = interpolate(rest.slice(operator.length), lookup);
  const set = value !== undefined;
  const usable = operator.startsWith(':') ? set && value !== '' : set;
  switch (operator.at(-1)) {
    case '-':
      return usable ? value : argument;
    case '+':
      return usable ? argument : '';
    default:
      if (!usable) throw new ComposeError([`required variable ${name} is missing a value: ${argument}`]);
      return value;
  }
}

/** A string with every `$…` resolved; throws ComposeError for a missing required variable or a bad template. */
export function interpolate(text, lookup) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar < 0) break;
    out += text.slice(i, dollar);
    const next = text[dollar + 1];
    if (next === '$') {
      out += '$';
      i = dollar + 2;
    } else if (next === '{') {
      const end = closingBrace(text, dollar);
      if (end < 0) throw new ComposeError([`Invalid template: "${text}"`]);
      out += substituteBraced(text.slice(dollar + 2, end), lookup, text);
      i = end + 1;
    } else {
      const name = NAME.exec(text.slice(dollar + 1))?.[0];
      if (!name) throw new ComposeError([`Invalid template: "${text}"`]);
      out += lookup(name) ?? '';
      i = dollar + 1 + name.length;
    }
  }
  return out + text.slice(i);
}

/** Every string value under `node` interpolated (keys left alone); the problems, each with its path, collected. */
function interpolateTree(node, lookup, path, problems) {
  if (typeof node === 'string') {
    try {
      return interpolate(node, lookup);
    } catch (error) {
      if (!(error instanceof ComposeError)) throw error;
      problems.push(...error.problems.map((p) => `${path}: ${p}`));
      return node;
    }
  }
  if (Array.isArray(node)) return node.map((item, i) => interpolateTree(item, lookup, `${path}[${i}]`, problems));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateTree(value, lookup, path ? `${path}.${key}` : key, problems)]),
    );
  }
  return node;
}

/**
 * A `.env` file as Compose reads the simple lines this project writes: `NAME=value`, comments and blank lines
 * skipped, a value in matching quotes unquoted. `NAME=` is set and empty, which `${NAME-…}` and `${NAME?…}`
 * tell apart from a name that is absent.
 */
export function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([_a-z][_a-z0-9]*)\s*=(.*)$/i.exec(line);
    if (!match) continue;
    let value = match[2].trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]] = value;
  }
  return env;
}

/**
 * The project as `docker compose --profile … config` would see it: `services` holds the active ones only.
 * Profiles come from `profiles`, else from COMPOSE_PROFILES in the environment (comma-separated), as with the
 * Compose CLI. Throws ComposeError naming every problem: a missing required variable or a bad template in
 * any service (active or not), or an active service depending on one that is not active.
 */
export function loadCompose(yamlText, env, profiles) {
  const model = parse(yamlText, { merge: true, maxAliasCount: -1 });
  const lookup = (name) => (Object.hasOwn(env, name) ? env[name] : undefined);
  const problems = [];
  const interpolated = interpolateTree(model, lookup, '', problems);
  if (problems.length > 0) throw new ComposeError(problems);
  const active = new Set(
    profiles ??
      (env.COMPOSE_PROFILES ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
  );
  const services = Object.fromEntries(
    Object.entries(interpolated.services ?? {}).filter(([, s]) => !s.profiles || s.profiles.some((p) => active.has(p))),
  );
  for (const [name, service] of Object.entries(services)) {
    const needs = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
    for (const dependency of needs) {
      if (!services[dependency]) problems.push(`service "${name}" depends on "${dependency}", which is not active`);
    }
  }
  if (problems.length > 0) throw new ComposeError(problems);
  return { ...interpolated, services };
}

/** A service's environment as a map, whether compose.yaml writes it as a map or as a list of NAME=value. */
export function serviceEnvironment(service) {
  const environment = service.environment ?? {};
  if (!Array.isArray(environment)) {
    return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, v === null ? '' : String(v)]));
  }
  return Object.fromEntries(
    environment.map((item) => {
      const at = item.indexOf('=');
      return at < 0 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
    }),
  );
}
