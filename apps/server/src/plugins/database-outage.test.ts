import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET, type TestContext } from '../../test-support/app';
import { signedInUser } from '../../test-support/auth';
import { createTestDatabase } from '../../test-support/db';
import { TEST_BASE_URL, withDatabase } from '../../test-support/global-setup';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import { buildApp } from '../app';
import { parseEnv } from '../config/env';
import { type DatabaseHandle, openDatabase, rowsOf } from '../db/client';

/**
 * While the database cannot be reached the API answers 503 SERVICE_UNAVAILABLE — "try again shortly", which the
 * web shows as the spec's generic error — instead of 500 (a fault) or 401 (a lie: the session may be fine).
 * When the database returns, the connection pool reconnects and every answer is right again, unaided.
 */

const appOn = (db: DatabaseHandle) =>
  buildApp({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: db.db,
    dbKind: db.kind,
    publicBaseUrl: TEST_BASE_URL,
    appSecret: TEST_APP_SECRET,
    mailer: { send: async () => undefined },
    logger: false,
  });

/** The requests of a signed-in user and a visitor, reading and writing, through our routes and better-auth's. */
function everyKindOfRequest(app: FastifyInstance, cookie: string) {
  const origin = TEST_BASE_URL;
  return [
    () => app.inject({ url: '/api/packages' }),
    () => app.inject({ url: '/api/auth/session', headers: { cookie } }),
    () => app.inject({ url: '/api/users/me', headers: { cookie } }),
    () => app.inject({ url: '/api/billing', headers: { cookie } }),
    () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin },
        payload: { email: 'x@sira.example', password: 'secret1' },
      }),
    () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin },
        payload: {
          email: 'y@sira.example',
          phone: '0512345678',
          password: 'secret1',
          confirmPassword: 'secret1',
          fullName: 'سارة أحمد',
          acceptTerms: true,
        },
      }),
    () => app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: { origin }, payload: { email: 'x@sira.example' } }),
    () => app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin }, payload: {} }),
  ];
}

describe('a closed database', () => {
  it('answers 503 SERVICE_UNAVAILABLE, not 500', async () => {
    const handle = await createTestDatabase();
    const app = await appOn(handle);
    try {
      const { cookie } = await signedInUser({ app, db: handle.db, handle, mail: [] } as TestContext);
      await handle.close();
      for (const [i, request] of everyKindOfRequest(app, cookie).entries()) {
        const res = await request();
        expect([res.statusCode, res.json().code], `request ${i}`).toEqual([503, 'SERVICE_UNAVAILABLE']);
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      await app.close();
    }
  });
});

// The project's own setting (vitest.config.ts): known while the file is collected.
describe.skipIf(process.env.SIRA_TEST_DB !== 'postgres')('a PostgreSQL outage', () => {
  let template: DatabaseHandle;
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  let app: FastifyInstance;
  let directUrl: string;
  let cookie: string;

  beforeAll(async () => {
    template = await createTestDatabase();
    const [current] = rowsOf<{ name: string }>(await template.db.execute(sql`select current_database() as name`));
    directUrl = withDatabase(process.env.TEST_DATABASE_URL as string, current?.name as string);
    const direct = new URL(directUrl);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(directUrl);
    through.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ url: through.toString(), poolSize: 5 });
    app = await appOn(proxied);
    ({ cookie } = await signedInUser({ app, db: proxied.db, handle: proxied, mail: [] } as TestContext));
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await template?.close();
  });

  it('answers 503 while the database host is gone, and recovers by itself when it returns', async () => {
    expect((await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    await proxy.stop();
    const statuses: number[] = [];
    for (const [i, request] of everyKindOfRequest(app, cookie).entries()) {
      const res = await request();
      statuses.push(res.statusCode);
      expect([res.statusCode, res.json().code], `request ${i}`).toEqual([503, 'SERVICE_UNAVAILABLE']);
    }

    await proxy.start();
    const back = performance.now();
    const seen = new Set<number>();
    let status = 0;
    while (status !== 200 && performance.now() - back < 10_000) {
      status = (await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode;
      seen.add(status);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recoveredInMs = Math.round(performance.now() - back);
    expect(status).toBe(200);
    expect([...seen].every((s) => s === 200 || s === 503)).toBe(true);
    // Every kind of request works again, the signed-in user's session included.
    expect((await app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user).not.toBeNull();
    expect((await app.inject({ url: '/api/packages' })).statusCode).toBe(200);
    // The figures, for whoever reads the run (biome: a test's console output is deliberate here).
    // biome-ignore lint/suspicious/noConsole: figures of the run
    console.info(`outage: ${statuses.join(', ')}; recovered ${recoveredInMs} ms after the database returned`);
  });

  it('a database host that stops answering (no refusal, no reply) is a 503 after the connection timeout, not a hang', async () => {
    const quiet = await startTcpProxy({ host: new URL(directUrl).hostname, port: Number(new URL(directUrl).port || 5432) });
    const through = new URL(directUrl);
    through.host = `127.0.0.1:${quiet.port}`;
    const quietDb = await openDatabase({ url: through.toString(), poolSize: 2, connectTimeoutMs: 500 });
    const quietApp = await appOn(quietDb);
    try {
      expect((await quietApp.inject({ url: '/api/packages' })).statusCode).toBe(200);
      quiet.silence();
      const started = performance.now();
      const res = await quietApp.inject({ url: '/api/packages' });
      expect([res.statusCode, res.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(performance.now() - started).toBeLessThan(5000);
      await quiet.start();
      expect((await quietApp.inject({ url: '/api/packages' })).statusCode).toBe(200);
    } finally {
      await quietApp.close();
      await quietDb.close();
      await quiet.close();
    }
  });

  it('connections the server ends (pg_terminate_backend) cost a request a 503 at worst, never a 500, and the next one works', async () => {
    expect((await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    const name = new URL(directUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });
});
