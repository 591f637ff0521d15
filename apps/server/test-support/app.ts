import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import type { Database } from '../src/db/client';
import type { SystemMail, SystemMailer } from '../src/mail/system-mailer';
import { createTestDatabase, type TestDatabaseHandle } from './db';
import { TEST_BASE_URL } from './global-setup';
import { TEST_PASSWORD_COST } from './passwords';

/** The APP_SECRET of test apps (exported for worker processes a test starts against the same database). */
export const TEST_APP_SECRET = 'test-secret-that-is-long-enough-for-better-auth-0123456789';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  handle: TestDatabaseHandle;
  /** System e-mails the app sent during the test, newest last. */
  mail: SystemMail[];
}

/**
 * The fastify/demo `build(t)` pattern: one app per test file on its own fresh database, driven through
 * `app.inject()`. Nothing is mocked but the system mailer, which records instead of sending.
 */
export function useTestApp(overrides?: () => Partial<AppOptions>): TestContext {
  const ctx = { mail: [] as SystemMail[] } as TestContext;
  beforeAll(async () => {
    ctx.handle = await createTestDatabase();
    ctx.db = ctx.handle.db;
    const mailer: SystemMailer = {
      async send(mail) {
        ctx.mail.push(mail);
      },
    };
    const options: AppOptions = {
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: TEST_BASE_URL,
      appSecret: TEST_APP_SECRET,
      mailer,
      logger: false,
      // Called in beforeAll, so a sandbox started by an earlier beforeAll can hand over its address.
      ...overrides?.(),
    };
    // A production app hashes at the full cost only (app.ts); every other test app at the lowered one.
    ctx.app = await buildApp(options.env.mode === 'production' ? options : { passwordCost: TEST_PASSWORD_COST, ...options });
    await ctx.app.ready();
  }, 60_000);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.handle?.close();
  });
  return ctx;
}

/** Production settings for tests (no database is opened from them: the app is given the test database). */
export const productionTestEnv = () =>
  parseEnv({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused/sira',
    APP_SECRET: 'p'.repeat(40),
    PUBLIC_BASE_URL: 'https://sira.example',
    SMTP_URL: 'smtp://mail.example',
    SMTP_FROM: 'no-reply@sira.example',
    LOG_LEVEL: 'silent',
  });

/** A production-mode app on the test context's database; the caller closes it. */
export function productionTestApp(ctx: TestContext, overrides: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    env: productionTestEnv(),
    db: ctx.db,
    dbKind: ctx.handle.kind,
    publicBaseUrl: 'https://sira.example',
    appSecret: 'p'.repeat(40),
    mailer: { send: async () => undefined },
    logger: false,
    ...overrides,
  });
}

/**
 * Another app — another host, or the same one started again — on `handle` (the test context's database unless
 * told), with the context's secret and providers: sessions and sealed tokens of the context's database work.
 * The caller closes it.
 */
export async function anotherTestApp(
  ctx: TestContext,
  options: { handle?: TestDatabaseHandle; env?: AppOptions['env'] } = {},
): Promise<TestContext> {
  const handle = options.handle ?? ctx.handle;
  const app = await buildApp({
    env: options.env ?? parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: handle.db,
    dbKind: handle.kind,
    publicBaseUrl: TEST_BASE_URL,
    appSecret: TEST_APP_SECRET,
    mailer: { send: async () => undefined },
    logger: false,
    providers: ctx.app.providers,
    passwordCost: TEST_PASSWORD_COST,
  });
  await app.ready();
  return { app, db: handle.db, handle, mail: [] };
}
