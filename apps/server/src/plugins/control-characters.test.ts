import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../test-support/app';
import { signedInAdmin, signedInUser } from '../../test-support/auth';

const ctx = useTestApp();

/** A text with a NUL in the middle: what another system's export or a crafted request carries. */
const NUL_TEXT = 'a\u0000b';
/** A valid value with a NUL after its first character, so that every other rule still passes. */
const withNul = (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : NUL_TEXT);

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
};

let counter = 0;
/** A plausible value for a JSON Schema, so the request gets past validation to the code behind it. */
function sample(schema: JsonSchema, key = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null' && o.const !== '') ?? (options[0] as JsonSchema), key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, value]) => [name, sample(value, name)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(schema.items ?? {}, key));
    case 'string':
      // Field names say what a plain string holds, so that the value passes the route's own rules too.
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email' || /email/i.test(key)) return `sample.${counter++}@sira.example`;
      if (schema.format === 'uri' || schema.format === 'url' || /url|uri|origin/i.test(key)) return 'https://sira.example/x';
      if (/phone/i.test(key)) return '0512345678';
      if (/password/i.test(key)) return 'secret-pass-1';
      return 'نص عربي'.padEnd(Math.max(3, schema.minLength ?? 0), 'x');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return schema.default ?? 'نص';
  }
}

const jsonSchemaOf = (schema: unknown): JsonSchema | null => {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};

/** Paths (as arrays) of every string inside a value. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

const valueAt = (value: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);

function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

const codeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return body.slice(0, 80);
  }
};

const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, () => randomUUID()).replace('*', 'x');

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
}

/** One request per string field of every JSON body, query string and path parameter, each with a NUL in it. */
function probes(): Probe[] {
  const list: Probe[] = [];
  for (const route of ctx.app.routeAccess) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const body = jsonSchemaOf(route.schema?.body);
    if (body) {
      const valid = sample(body);
      for (const path of stringPaths(valid)) {
        list.push({
          label: `${route.method} ${route.url} body.${path.join('.')}`,
          method: route.method,
          url: concrete(route.url),
          payload: withValueAt(valid, path, withNul(valueAt(valid, path))),
        });
      }
    }
    const query = jsonSchemaOf(route.schema?.querystring);
    if (query) {
      for (const [key, field] of Object.entries(query.properties ?? {})) {
        const value = sample(field, key);
        if (typeof value !== 'string') continue;
        list.push({
          label: `${route.method} ${route.url} query.${key}`,
          method: route.method,
          url: `${concrete(route.url)}?${key}=${encodeURIComponent(withNul(value))}`,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      }
    }
    for (const param of route.url.match(/:[a-zA-Z]+/g) ?? []) {
      list.push({
        label: `${route.method} ${route.url} params.${param.slice(1)}`,
        method: route.method,
        url: concrete(route.url.replace(param, encodeURIComponent(NUL_TEXT))),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
    }
  }
  // better-auth's endpoints behind /api/auth/* are not our zod routes: their own body schemas name the fields.
  for (const endpoint of Object.values(ctx.app.auth.api) as Array<{ path?: string; options?: { method?: unknown; body?: unknown } }>) {
    const methods = [endpoint.options?.method].flat().filter((m): m is string => typeof m === 'string');
    if (!endpoint.path || !methods.includes('POST')) continue;
    const body = jsonSchemaOf(endpoint.options?.body);
    if (!body) continue;
    const valid = sample(body);
    // A body declared as a free-form record (sign-up's) has no named fields to fill.
    if (!valid || typeof valid !== 'object') continue;
    for (const path of stringPaths(valid)) {
      list.push({
        label: `POST /api/auth${endpoint.path} body.${path.join('.')}`,
        method: 'POST',
        url: concrete(`/api/auth${endpoint.path}`),
        payload: withValueAt(valid, path, withNul(valueAt(valid, path))),
      });
    }
  }
  return list;
}

describe('control characters in request text', () => {
  it('are refused with 400 CONTROL_CHARACTERS on every route, in every JSON field, query and path parameter', async () => {
    const admin = await signedInAdmin(ctx);
    const all = probes();
    // The walk reaches the routes that carry text: sign-in, the admin forms, better-auth's endpoints.
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((p) => p.label.startsWith('POST /api/auth/sign-in body.email'))).toBe(true);
    expect(all.some((p) => p.label.startsWith('POST /api/auth/'))).toBe(true);

    const answers: Array<{ label: string; status: number; code: unknown }> = [];
    for (const probe of all) {
      const res = await ctx.app.inject({
        method: probe.method as 'POST',
        url: probe.url,
        headers: { cookie: admin.cookie },
        remoteAddress: `10.77.${counter % 250}.${counter++ % 250}`,
        ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
      });
      answers.push({ label: probe.label, status: res.statusCode, code: codeOf(res.body) });
    }
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status !== 400 || a.code !== 'CONTROL_CHARACTERS')).toEqual([]);
  }, 120_000);

  it('names the fields and leaves tabs and line breaks alone', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'x@sira.example\u0007', password: `pass${NUL_TEXT}` },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      {
        code: 'CONTROL_CHARACTERS',
        issues: [
          { path: 'email', code: 'CONTROL_CHARACTERS' },
          { path: 'password', code: 'CONTROL_CHARACTERS' },
        ],
      },
    ]);
    const multiline = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.78.0.1',
      payload: { email: 'nobody@sira.example', password: 'line one\r\n\tline two' },
    });
    expect([multiline.statusCode, multiline.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
  });
});

describe('deeply nested JSON bodies', () => {
  const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const send = (url: string, payload: string, cookie?: string) =>
    ctx.app.inject({
      method: url === '/api/auth/sign-in' ? 'POST' : 'PUT',
      url,
      remoteAddress: `10.79.${counter % 250}.${counter++ % 250}`,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('are refused with 400 JSON_TOO_DEEP on a public route and a signed-in one, array or object', async () => {
    const user = await signedInUser(ctx);
    const answers = [];
    for (const body of [deepArray(4000), deepObject(4000), deepArray(65), deepObject(65)]) {
      for (const [url, cookie] of [
        ['/api/auth/sign-in', undefined],
        ['/api/users/me/applicant', user.cookie],
      ] as const) {
        const res = await send(url, body, cookie);
        answers.push([url, body.length, res.statusCode, codeOf(res.body)]);
      }
    }
    expect(answers.filter(([, , status, code]) => status !== 400 || code !== 'JSON_TOO_DEEP')).toEqual([]);
  });

  it('are refused when they fill the whole body limit, and a body as deep as the limit still reaches its route', async () => {
    const huge = await send('/api/auth/sign-in', deepArray(500_000));
    expect([huge.statusCode, codeOf(huge.body)]).toEqual([400, 'JSON_TOO_DEEP']);
    // 64 levels is the limit: deeper than any form, yet past the depth check the route's own schema answers.
    const atLimit = await send('/api/auth/sign-in', deepObject(64));
    expect([atLimit.statusCode, codeOf(atLimit.body)]).toEqual([400, 'VALIDATION']);
    const ordinary = await send('/api/auth/sign-in', JSON.stringify({ email: 'nobody@sira.example', password: 'secret-pass-1' }));
    expect([ordinary.statusCode, codeOf(ordinary.body)]).toEqual([401, 'INVALID_CREDENTIALS']);
  });
});
