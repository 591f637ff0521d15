import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { signedInUser } from '../../test-support/auth';
import { packages, profiles } from '../db/schema';

const ctx = useTestApp();

/** Fills path parameters with plausible values so each route can be called. */
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');

async function callAll(routes: Array<{ method: string; url: string }>, cookie?: string) {
  const results: Array<{ route: string; status: number }> = [];
  for (const r of routes) {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    const res = await ctx.app.inject({
      method: r.method as 'GET',
      url: concrete(r.url),
      headers: cookie ? { cookie } : {},
      ...(r.method === 'GET' ? {} : { payload: {} }),
    });
    results.push({ route: `${r.method} ${r.url}`, status: res.statusCode });
  }
  return results;
}

describe('server-side authorisation of every registered route', () => {
  it('registers admin routes (the list this test walks is not empty)', () => {
    const admin = ctx.app.routeAccess.filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(0);
    // Whatever a route declares, under /api/admin/ it is an admin route.
    expect(admin.every((r) => r.access === 'admin')).toBe(true);
  });

  it('answers 401 to an anonymous caller on every admin and user route', async () => {
    const guarded = ctx.app.routeAccess.filter((r) => r.access !== 'public');
    const results = await callAll(guarded);
    expect(results.filter((r) => r.status !== 401)).toEqual([]);
  });

  it('answers 403 to a signed-in non-admin on every admin route', async () => {
    const { cookie } = await signedInUser(ctx);
    const admin = ctx.app.routeAccess.filter((r) => r.access === 'admin');
    const results = await callAll(admin, cookie);
    expect(results.filter((r) => r.status !== 403)).toEqual([]);
  });

  it('lets an administrator through (decided from the profile package on the server)', async () => {
    const { cookie, email } = await signedInUser(ctx);
    const [adminPkg] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'admin'));
    await ctx.db
      .update(profiles)
      .set({ packageId: adminPkg?.id as string })
      .where(eq(profiles.email, email));
    const res = await ctx.app.inject({ url: '/api/admin/stats', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    // A guarded answer is someone's data: never cached, though this route sets no header of its own.
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ url: '/api/admin/audit', headers: { cookie } })).headers['cache-control']).toBe('no-store');
    // better-auth's own session answer carries the session token: not cached either.
    expect((await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user.isAdmin).toBe(true);
  });

  it('protects a route added later under /api/admin/ without any option', async () => {
    const { buildApp } = await import('../app');
    const { parseEnv } = await import('../config/env');
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      logger: false,
    });
    app.get('/api/admin/forgotten', { config: { access: 'public' } }, async () => ({ leaked: true }));
    app.get('/api/forgotten-user-route', async () => ({ leaked: true }));
    try {
      expect((await app.inject('/api/admin/forgotten')).statusCode).toBe(401);
      expect((await app.inject('/api/forgotten-user-route')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
