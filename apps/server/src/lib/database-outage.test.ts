import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET, type TestContext } from '../../test-support/app';
import { signedInUser } from '../../test-support/auth';
import { createTestDatabase } from '../../test-support/db';
import { TEST_BASE_URL, withDatabase } from '../../test-support/global-setup';
import { TEST_PASSWORD_COST } from '../../test-support/passwords';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import { buildApp } from '../app';
import { startBackgroundTasks } from '../background';
import { parseEnv } from '../config/env';
import { checkDatabaseConnection, type DatabaseHandle, openDatabase, rowsOf } from '../db/client';
import { DatabaseConnectionError, markAsDatabaseError } from '../db/connection-error';
import { OUTAGE_ENDED, OUTAGE_STARTED, trackDatabaseOutages } from './database-outage';
import { createPostgresEventBus, type EventBus } from './event-bus';
import { createLogger } from './logger';

/** A logger of the process's kind writing into an array, at debug so that absorbed records can be seen too. */
function capture(tracker: { absorb(error: unknown): boolean }) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const records = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; downForMs?: number; reason?: string });
  return { log: createLogger('debug', stream, tracker), records };
}

/** Waits for `condition`, checked every 20 ms; `limitMs` is a bound for a stuck test, not a measurement. */
async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refused = () =>
  new DatabaseConnectionError(
    'Cannot connect to PostgreSQL at sira@db:5432/sira: connection refused',
    'ECONNREFUSED',
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  );
/** A failed query as Drizzle reports it when its connection was refused. */
const failedQuery = () =>
  new DrizzleQueryError('select 1', [], markAsDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })));

describe('the database outage tracker', () => {
  it('tells the database out of reach from another server refusing, and from a query at fault', () => {
    const tracker = trackDatabaseOutages({ probe: async () => undefined });
    expect(tracker.absorb(failedQuery())).toBe(true);
    expect(tracker.absorb(markAsDatabaseError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })))).toBe(true);
    expect(tracker.absorb(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Paylink (fetch) and the mail relay refusing are their own faults, logged at their own level.
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(tracker.absorb(fetchFailed)).toBe(false);
    expect(tracker.absorb(Object.assign(new Error('Connection refused'), { code: 'ECONNREFUSED', command: 'CONN' }))).toBe(false);
    // A query the database refused for what it asked is a fault, not an outage.
    expect(
      tracker.absorb(new DrizzleQueryError('select x', [], Object.assign(new Error('column "x" does not exist'), { code: '42703' }))),
    ).toBe(false);
  });

  it('logs an outage once when a fresh connection confirms it and once when the database answers again', async () => {
    let up = true;
    let probes = 0;
    const tracker = trackDatabaseOutages({
      probe: async () => {
        probes++;
        if (!up) throw refused();
      },
      retryMs: 5,
    });
    const { log, records } = capture(tracker);
    // Before `watch` (a process still waiting for its database at start): absorbed, and nothing is said.
    log.error({ err: failedQuery() }, 'a pass failed');
    expect(probes).toBe(0);
    tracker.watch(log);

    up = false;
    for (let i = 0; i < 50; i++) log.error({ err: failedQuery() }, 'a pass failed');
    await until(() => !tracker.reachable(), 'the outage to be confirmed');
    for (let i = 0; i < 50; i++) log.warn({ err: failedQuery() }, 'a request failed');
    up = true;
    await until(() => tracker.reachable(), 'the database to answer again');
    tracker.close();

    const loud = records().filter((r) => r.level >= 40);
    expect(loud.map((r) => r.msg)).toEqual([OUTAGE_STARTED, OUTAGE_ENDED]);
    expect(loud[0]?.reason).toBe('Cannot connect to PostgreSQL at sira@db:5432/sira: connection refused');
    expect(loud[1]?.downForMs).toBeGreaterThanOrEqual(0);
    expect(records().filter((r) => r.msg === 'a pass failed' || r.msg === 'a request failed')).toHaveLength(101);
    expect(records().every((r) => r.msg === OUTAGE_STARTED || r.msg === OUTAGE_ENDED || r.level === 20)).toBe(true);
  });

  it('a connection that failed while the database answers is no outage: one info record, the failure at debug', async () => {
    const tracker = trackDatabaseOutages({ probe: async () => undefined, retryMs: 5 });
    const { log, records } = capture(tracker);
    tracker.watch(log);
    log.error({ err: failedQuery() }, 'a pass failed');
    await until(() => records().some((r) => r.level === 30), 'the check to answer');
    tracker.close();
    expect(records().map((r) => [r.level, r.msg])).toEqual([
      [20, 'a pass failed'],
      [30, 'a database connection failed, but the database answers'],
    ]);
  });

  it('other errors, and database errors at fatal, keep their level', () => {
    const tracker = trackDatabaseOutages({ probe: async () => undefined });
    const { log, records } = capture(tracker);
    log.error({ err: new Error('a fault') }, 'a fault');
    log.fatal({ err: failedQuery() }, 'could not start');
    tracker.close();
    expect(records().map((r) => r.level)).toEqual([50, 60]);
  });
});

// A database that goes away and comes back: PostgreSQL behind a TCP relay (PGlite lives in the process).
describe.skipIf(process.env.SIRA_TEST_DB !== 'postgres')('a PostgreSQL outage, in the logs', () => {
  let template: DatabaseHandle;
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  let events: EventBus;
  let app: FastifyInstance;
  let tracker: ReturnType<typeof trackDatabaseOutages>;
  let logged: ReturnType<typeof capture>;
  let cookie: string;

  beforeAll(async () => {
    template = await createTestDatabase();
    const [current] = rowsOf<{ name: string }>(await template.db.execute(sql`select current_database() as name`));
    const direct = new URL(withDatabase(process.env.TEST_DATABASE_URL as string, current?.name as string));
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const through = new URL(direct);
    through.host = `127.0.0.1:${proxy.port}`;
    // As server.ts and worker.ts make them, with a shorter pause between tries.
    tracker = trackDatabaseOutages({ probe: () => checkDatabaseConnection(through.toString(), 5_000), retryMs: 100 });
    logged = capture(tracker);
    const log = logged.log;
    proxied = await openDatabase({ url: through.toString(), poolSize: 5 });
    events = await createPostgresEventBus(through.toString(), (err) => log.warn({ err }, 'event bus'), { retryMs: 100 });
    app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }),
      db: proxied.db,
      dbKind: proxied.kind,
      publicBaseUrl: TEST_BASE_URL,
      appSecret: TEST_APP_SECRET,
      mailer: { send: async () => undefined },
      logger: log,
      events,
      passwordCost: TEST_PASSWORD_COST,
    });
    ({ cookie } = await signedInUser({ app, db: proxied.db, handle: proxied, mail: [] } as unknown as TestContext));
  });
  afterAll(async () => {
    tracker?.close();
    await app?.close();
    await events?.close();
    await proxied?.close();
    await proxy?.close();
    await template?.close();
  });

  it('says it once when it begins and once when it ends, in each process; no request or worker pass logs an error', async () => {
    const background = await startBackgroundTasks({
      env: app.env,
      db: app.db,
      dbKind: app.dbKind,
      events: app.events,
      secretBox: app.secretBox,
      providers: app.providers,
      publicBaseUrl: TEST_BASE_URL,
      log: app.log,
    });
    tracker.watch(logged.log);
    const origin = TEST_BASE_URL;
    const requests = [
      () => app.inject({ url: '/api/packages' }),
      () => app.inject({ url: '/api/auth/session', headers: { cookie } }),
      () => app.inject({ url: '/api/users/me', headers: { cookie } }),
      () => app.inject({ url: '/api/billing', headers: { cookie } }),
      () => app.inject({ url: '/readyz' }),
      () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { origin },
          payload: { email: 'x@sira.example', password: 'secret1' },
        }),
      () => app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin }, payload: {} }),
    ];
    try {
      expect((await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
      const records = logged.records;
      const debugged = (message: string) => records().filter((r) => r.level === 20 && r.msg === message).length;

      await proxy.stop();
      const statuses: number[] = [];
      // The database stays away until requests, better-auth and the worker's tasks have all met it, the worker's
      // sending more than once, and the outage was said.
      await until(async () => {
        for (const request of requests) statuses.push((await request()).statusCode);
        return (
          records().some((r) => r.msg === OUTAGE_STARTED) &&
          debugged('sending: scheduler pass failed') >= 2 &&
          debugged('my-data failed') >= 1 &&
          records().some((r) => r.level === 20 && (r as { source?: string }).source === 'better-auth')
        );
      }, 'the outage to reach requests, better-auth and the worker (sending and my-data poll every second)');
      expect(statuses.every((s) => s === 503)).toBe(true);

      await proxy.start();
      await until(() => records().some((r) => r.msg === OUTAGE_ENDED), 'the tracker to find the database again');
      await until(
        async () => (await app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode === 200,
        'requests to succeed again',
      );
      // The live-update bus reconnects on its own (every 100 ms here) once the database is back.
      await until(() => events.listening(), 'the event bus to listen again');
      for (const request of requests.slice(0, 5)) expect((await request()).statusCode).toBe(200);
    } finally {
      await background.stop();
    }

    const records = logged.records();
    expect(records.filter((r) => r.level >= 50).map((r) => r.msg)).toEqual([]);
    expect(records.filter((r) => r.level === 40).map((r) => r.msg)).toEqual([OUTAGE_STARTED, OUTAGE_ENDED]);
    const started = records.find((r) => r.msg === OUTAGE_STARTED);
    expect(started?.reason).toMatch(/^Cannot connect to PostgreSQL at .*: connection refused/);
    expect(records.find((r) => r.msg === OUTAGE_ENDED)?.downForMs).toBeGreaterThan(0);
  });
});
