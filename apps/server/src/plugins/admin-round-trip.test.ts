import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { signedInAdmin } from '../../test-support/auth';

const ctx = useTestApp();

type Json = Record<string, unknown>;
type Call = (method: 'GET' | 'PUT', url: string, body?: object) => Promise<unknown>;
type Read = (call: Call) => Promise<{ url: string; body: unknown }>;

const first = (items: unknown, label: string): Json => {
  const item = (items as Json[] | undefined)?.[0];
  if (!item) throw new Error(`nothing to read back for ${label}`);
  return item;
};
/** A list's first item, sent back to the route of that item. */
const item =
  (listUrl: string, pick: (answer: unknown) => unknown, itemUrl: (row: Json) => string): Read =>
  async (call) => {
    const row = first(pick(await call('GET', listUrl)), listUrl);
    return { url: itemUrl(row), body: row };
  };
/** A settings answer sent back as it was read (to `saveUrl`, when it is saved apart from where it is read). */
const same =
  (url: string, pick: (answer: unknown) => unknown = (a) => a, saveUrl = url): Read =>
  async (call) => ({ url: saveUrl, body: pick(await call('GET', url)) });

/**
 * Every admin route that saves what a form read: where its form's values come from. The form sends back what it
 * read, so each answer must be accepted as it is, with the same types both ways.
 */
const readBack: Record<string, Read> = {
  'PATCH /api/admin/users/:id': item(
    '/api/admin/users',
    (a) => (a as Json).rows,
    (r) => `/api/admin/users/${r.id}`,
  ),
  'PUT /api/admin/retention': same('/api/admin/retention'),
  'PATCH /api/admin/packages/:id': item(
    '/api/admin/packages',
    (a) => (a as Json[]).filter((p) => p.discountPercent !== null),
    (r) => `/api/admin/packages/${r.id}`,
  ),
  'PUT /api/admin/templates/:id': item(
    '/api/admin/templates',
    (a) => (a as Json).templates,
    (r) => `/api/admin/templates/${r.id}`,
  ),
  'PUT /api/admin/companies/:id': item(
    '/api/admin/companies',
    (a) => (a as Json).items,
    (r) => `/api/admin/companies/${r.id}`,
  ),
  'PUT /api/admin/pages/:id': item(
    '/api/admin/pages',
    (a) => a,
    (r) => `/api/admin/pages/${r.id}`,
  ),
  'PUT /api/admin/footer/contact': same('/api/admin/footer', (a) => (a as Json).contact, '/api/admin/footer/contact'),
  'PUT /api/admin/footer/social': same('/api/admin/footer', (a) => (a as Json).social, '/api/admin/footer/social'),
  'PUT /api/admin/footer/sections/:id': item(
    '/api/admin/footer',
    (a) => (a as Json).sections,
    (r) => `/api/admin/footer/sections/${r.id}`,
  ),
  'PUT /api/admin/footer/links/:id': item(
    '/api/admin/footer',
    (a) => (a as Json).links,
    (r) => `/api/admin/footer/links/${r.id}`,
  ),
  'PUT /api/admin/mailbox/settings': same('/api/admin/mailbox/settings'),
  // Stored keys first (the defaults have no API id to keep); secrets are never read, so none is sent back.
  'PUT /api/admin/billing/gateway': async (call) => {
    const defaults = (await call('GET', '/api/admin/billing/gateway')) as Json;
    await call('PUT', '/api/admin/billing/gateway', {
      apiId: 'APP_ID_1',
      baseUrl: defaults.baseUrl as string,
      secretKey: 'secret',
      saveUntested: true,
    });
    const read = (await call('GET', '/api/admin/billing/gateway')) as Json;
    return { url: '/api/admin/billing/gateway', body: { ...read, saveUntested: true } };
  },
  'PUT /api/admin/sending/settings': same('/api/admin/sending/settings'),
  'PUT /api/admin/sending/window': same('/api/admin/sending/window'),
  'PUT /api/admin/sending/pause': same('/api/admin/sending/pause'),
};

describe('what an admin GET answers, its PUT or PATCH accepts', () => {
  it('knows where every admin save route reads its values from', () => {
    const saves = ctx.app.routeAccess
      .filter((r) => r.access === 'admin' && (r.method === 'PUT' || r.method === 'PATCH'))
      .map((r) => `${r.method} ${r.url}`);
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.sort()).toEqual(Object.keys(readBack).sort());
  });

  it.each(Object.entries(readBack))('%s takes back what was read', async (route, read) => {
    const admin = await signedInAdmin(ctx);
    const call: Call = async (method, url, payload) => {
      const res = await ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json() as unknown;
    };
    const { url, body } = await read(call);
    const method = route.split(' ')[0] as 'PUT' | 'PATCH';
    const res = await ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
  });
});
