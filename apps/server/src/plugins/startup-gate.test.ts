import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';

/**
 * A server listens before its database is ready (it may wait for PostgreSQL): alive, not ready, and every
 * other answer a 503 given before any hook reads the database — the session check included.
 */
describe('a server whose database is not ready yet', () => {
  const ctx = useTestApp(() => ({ databasePending: true }));

  it('answers /healthz 200, /readyz 503 and everything else 503 until the database is prepared', async () => {
    const ran: string[] = [];
    ctx.app.onDatabaseReady(async () => {
      ran.push('start-up task');
    });
    const cookie = 'better-auth.session_token=not-a-session';
    expect((await ctx.app.inject('/healthz')).statusCode).toBe(200);
    const readiness = await ctx.app.inject('/readyz');
    expect([readiness.statusCode, readiness.json()]).toEqual([503, { code: 'NOT_READY' }]);
    for (const url of ['/api/packages', '/api/users/me', '/api/admin/users', '/']) {
      const res = await ctx.app.inject({ url, headers: { cookie } });
      // Not 401: the session was never looked up.
      expect([res.statusCode, res.json(), res.headers['retry-after']], url).toEqual([503, { code: 'SERVICE_UNAVAILABLE' }, '5']);
    }
    expect(ctx.app.databaseReady()).toBe(false);
    expect(ran).toEqual([]);

    await ctx.app.databasePrepared();
    expect(ran).toEqual(['start-up task']);
    expect((await ctx.app.inject('/readyz')).statusCode).toBe(200);
    expect((await ctx.app.inject('/api/packages')).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
