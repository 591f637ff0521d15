// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these are Compose templates, not JavaScript ones
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStart, exampleEnv } from './check-compose.mjs';
import { ComposeError, interpolate, loadCompose, parseEnvFile } from './compose-config.mjs';

const root = join(import.meta.dirname, '..');
const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
const exampleText = readFileSync(join(root, 'deploy/compose.env.example'), 'utf8');

const env: Record<string, string> = { SET: 'value', EMPTY: '' };
const lookup = (name: string) => (Object.hasOwn(env, name) ? env[name] : undefined);
const problemOf = (template: string) => {
  try {
    interpolate(template, lookup);
  } catch (error) {
    if (error instanceof ComposeError) return error.message;
    throw error;
  }
  return 'no error';
};

describe('interpolation as the Compose specification defines it', () => {
  it.each([
    ['plain text', 'plain text'],
    ['$SET and ${SET}', 'value and value'],
    ['[$UNSET][${UNSET}][${EMPTY}]', '[][][]'],
    ['$$SET costs $$5', '$SET costs $5'],
    ['${SET:-d} ${EMPTY:-d} ${UNSET:-d}', 'value d d'],
    ['${SET-d} ${EMPTY-d} ${UNSET-d}', 'value  d'],
    ['${SET:+r} ${EMPTY:+r} ${UNSET:+r}', 'r  '],
    ['${SET+r} ${EMPTY+r} ${UNSET+r}', 'r r '],
    ['${SET:?m} ${EMPTY?m}', 'value '],
    ['${UNSET:-${SET}} ${UNSET:-${EMPTY:-inner}}', 'value inner'],
    ['${UNSET:-a:b-c}', 'a:b-c'],
    ['https://${SET}/x', 'https://value/x'],
  ])('%s → %s', (template, expected) => {
    expect(interpolate(template, lookup)).toBe(expected);
  });

  it.each([
    ['${EMPTY:?set EMPTY}', 'required variable EMPTY is missing a value: set EMPTY'],
    ['${UNSET:?set it}', 'required variable UNSET is missing a value: set it'],
    ['${UNSET?m}', 'required variable UNSET is missing a value: m'],
    ['${UNSET:?needs ${SET}}', 'required variable UNSET is missing a value: needs value'],
    ['costs $5', 'Invalid template: "costs $5"'],
    ['${SET', 'Invalid template: "${SET"'],
    ['${1X}', 'Invalid template: "${1X}"'],
    ['${SET/x}', 'Invalid template: "${SET/x}"'],
  ])('%s fails: %s', (template, message) => {
    expect(problemOf(template)).toBe(message);
  });
});

describe('a compose file read as Compose reads it', () => {
  const file = `
x-common: &common
  image: app
services:
  app:
    <<: *common
    environment:
      SECRET: \${SECRET:?set SECRET}
  staging-only:
    <<: *common
    profiles: [staging]
    environment:
      URL: \${URL:?set URL}
`;

  it('interpolates the services of inactive profiles too, before applying profiles', () => {
    expect(() => loadCompose(file, { SECRET: 's' }, [])).toThrow('services.staging-only.environment.URL: required variable URL');
  });

  it('keeps the active services only, anchors merged', () => {
    const project = loadCompose(file, { SECRET: 's', URL: 'u' }, []);
    expect(Object.keys(project.services)).toEqual(['app']);
    expect(project.services.app).toEqual({ image: 'app', environment: { SECRET: 's' } });
    expect(Object.keys(loadCompose(file, { SECRET: 's', URL: 'u', COMPOSE_PROFILES: 'staging' }).services)).toEqual([
      'app',
      'staging-only',
    ]);
  });

  it('reads NAME= in a .env file as set and empty', () => {
    expect(parseEnvFile('# c\nA=\nB=x # note\nC="q # not a note"\n\nexport D=d')).toEqual({ A: '', B: 'x', C: 'q # not a note', D: 'd' });
  });
});

describe('compose.yaml with deploy/compose.env.example', () => {
  const production = () => exampleEnv(exampleText, ['required']);
  const staging = () => exampleEnv(exampleText, ['required', 'staging only']);

  it('starts production with the required settings alone, and staging with --profile staging', () => {
    expect(production().SANDBOX_URL).toBe('');
    expect(checkStart(composeText, production(), { staging: false })).toEqual([]);
    expect(checkStart(composeText, staging(), { profiles: ['staging'], staging: true })).toEqual([]);
  });

  it('names a required setting left empty', () => {
    const problems = checkStart(composeText, { ...production(), APP_SECRET: '' }, { staging: false });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.includes('required variable APP_SECRET is missing a value'))).toBe(true);
  });

  it('fails production on a required variable in the staging-only service', () => {
    const requiring = composeText.replace('\n      SANDBOX_URL: ${SANDBOX_URL:-}', '\n      SANDBOX_URL: ${SANDBOX_URL:?staging needs it}');
    expect(requiring).not.toBe(composeText);
    expect(checkStart(requiring, production(), { staging: false })).toEqual([
      'services.sandboxes.environment.SANDBOX_URL: required variable SANDBOX_URL is missing a value: staging needs it',
    ]);
  });

  it('says when staging would leave a process in production mode, or production in staging mode', () => {
    expect(checkStart(composeText, production(), { profiles: ['staging'], staging: true })).toContain(
      'service "web" gets no SANDBOX_URL: it would run as production',
    );
    expect(checkStart(composeText, staging(), { staging: false })).toContain(
      'service "worker" runs in staging mode (SANDBOX_URL=http://203.0.113.7:4010)',
    );
  });
});
