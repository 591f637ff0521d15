import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { confirm, packageByName, profileOf, startPurchase, useBillingTestApp } from '../../../test-support/billing';
import { buildApp } from '../../app';
import { parseEnv } from '../../config/env';
import { PAYLINK_PRODUCTION_URL, PAYLINK_TEST_URL, providerEndpoints } from '../../config/providers';
import { auditLog, settings } from '../../db/schema';

const kit = useBillingTestApp();
const { ctx } = kit;

const gateway = (cookie: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url: '/api/admin/billing/gateway', headers: { cookie }, ...(payload ? { payload } : {}) });

/** The same database seen by a production-mode app: real Paylink addresses only, no sandbox. */
async function productionApp() {
  return buildApp({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: ctx.db,
    dbKind: ctx.handle.kind,
    publicBaseUrl: 'http://localhost:3000',
    appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
    logger: false,
    providers: providerEndpoints('production', 'http://localhost:3000'),
  });
}

describe('admin payment_gateway tab', () => {
  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    expect((await gateway(user.cookie)).statusCode).toBe(403);
    expect((await gateway('')).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/billing/invoices', headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });

  it('shows embedded defaults, validates, stores secrets sealed, never returns them, and audits the save', async () => {
    const admin = await signedInAdmin(ctx);
    const initial = (await gateway(admin.cookie)).json();
    expect(initial).toEqual({
      apiId: '',
      baseUrl: kit.sandbox.baseUrl,
      secretKeySet: false,
      webhookSecretSet: false,
      usingDefaults: true,
      baseUrlOptions: [
        { environment: 'sandbox', url: kit.sandbox.baseUrl },
        { environment: 'production', url: PAYLINK_PRODUCTION_URL },
        { environment: 'test', url: PAYLINK_TEST_URL },
      ],
      webhookUrl: 'http://localhost:3000/api/billing/paylink/webhook',
    });

    const refused = [
      [{ apiId: '', baseUrl: PAYLINK_TEST_URL, secretKey: 'k' }, 'GATEWAY_API_ID_REQUIRED'],
      [{ apiId: 'APP_ID_1', baseUrl: 'https://evil.example', secretKey: 'k' }, 'GATEWAY_BASE_URL_INVALID'],
      [{ apiId: 'APP_ID_1', baseUrl: PAYLINK_TEST_URL }, 'GATEWAY_SECRET_REQUIRED'],
    ] as const;
    for (const [body, code] of refused) {
      const res = await gateway(admin.cookie, 'PUT', body);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }

    const secretKey = 'real-secret-key-0123456789';
    const webhookSecret = 'webhook-secret-abcdef';
    // Paylink's pilot is not reached from tests: these made-up keys are saved without the connection test.
    const saved = await gateway(admin.cookie, 'PUT', {
      apiId: 'APP_ID_REAL',
      baseUrl: PAYLINK_TEST_URL,
      secretKey,
      webhookSecret,
      saveUntested: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      apiId: 'APP_ID_REAL',
      baseUrl: PAYLINK_TEST_URL,
      secretKeySet: true,
      webhookSecretSet: true,
      usingDefaults: false,
    });
    for (const body of [saved.body, (await gateway(admin.cookie)).body]) {
      expect(body).not.toContain(secretKey);
      expect(body).not.toContain(webhookSecret);
    }
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, 'paylink'));
    const stored = JSON.stringify(row?.value);
    expect(stored).not.toContain(secretKey);
    expect(stored).not.toContain(webhookSecret);
    const value = row?.value as { secretKey: string; webhookSecret: string };
    expect(ctx.app.secretBox.open(value.secretKey)).toBe(secretKey);

    // An empty secret keeps the stored one.
    const kept = await gateway(admin.cookie, 'PUT', {
      apiId: 'APP_ID_REAL2',
      baseUrl: PAYLINK_TEST_URL,
      secretKey: '',
      saveUntested: true,
    });
    expect(kept.json()).toMatchObject({ apiId: 'APP_ID_REAL2', secretKeySet: true, webhookSecretSet: true });
    const [after] = await ctx.db.select().from(settings).where(eq(settings.key, 'paylink'));
    const afterValue = after?.value as { secretKey: string } | undefined;
    expect(ctx.app.secretBox.open(afterValue?.secretKey ?? '')).toBe(secretKey);

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'billing.gateway.update'), eq(auditLog.actorEmail, admin.email)));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain(secretKey);
    expect(audits[0]?.after).toMatchObject({ apiId: 'APP_ID_REAL', secretKeySet: true, secretKeyChanged: true });

    // Back to the sandbox, so the other tests of this file keep paying there.
    const back = await gateway(admin.cookie, 'PUT', {
      apiId: kit.sandbox.credentials.apiId,
      baseUrl: kit.sandbox.baseUrl,
      secretKey: kit.sandbox.credentials.secretKey,
    });
    expect(back.statusCode).toBe(200);
    const user = await signedInUser(ctx);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.pay(transactionNo, { webhook: false });
    expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('completed');
  });

  it('tests keys with Paylink (its sandbox) without saving them: accepted, refused, the stored secret when left empty', async () => {
    await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
    const admin = await signedInAdmin(ctx);
    const test = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/billing/gateway/test', headers: { cookie: admin.cookie }, payload });
    const good = await test({
      apiId: kit.sandbox.credentials.apiId,
      baseUrl: kit.sandbox.baseUrl,
      secretKey: kit.sandbox.credentials.secretKey,
    });
    expect([good.statusCode, good.json()]).toEqual([200, { outcome: 'accepted', status: 200 }]);
    expect(good.body).not.toContain(kit.sandbox.credentials.secretKey);
    const wrongSecret = await test({ apiId: kit.sandbox.credentials.apiId, baseUrl: kit.sandbox.baseUrl, secretKey: 'not-the-key' });
    expect(wrongSecret.json()).toEqual({ outcome: 'refused', status: 401 });
    const wrongId = await test({ apiId: 'APP_ID_0000000000', baseUrl: kit.sandbox.baseUrl, secretKey: kit.sandbox.credentials.secretKey });
    expect(wrongId.json()).toEqual({ outcome: 'refused', status: 401 });
    // Nothing was stored by testing.
    expect(await ctx.db.select().from(settings).where(eq(settings.key, 'paylink'))).toEqual([]);
    // Refused like a save: another address than this deployment's, or no secret at all.
    const elsewhere = await test({ apiId: 'APP', baseUrl: 'https://evil.example', secretKey: 'x' });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([400, 'GATEWAY_BASE_URL_INVALID']);
    const noSecret = await test({ apiId: 'APP', baseUrl: kit.sandbox.baseUrl });
    expect([noSecret.statusCode, noSecret.json().code]).toEqual([400, 'GATEWAY_SECRET_REQUIRED']);
    // With the secret field left empty, the stored secret is the one tried.
    await gateway(admin.cookie, 'PUT', {
      apiId: kit.sandbox.credentials.apiId,
      baseUrl: kit.sandbox.baseUrl,
      secretKey: kit.sandbox.credentials.secretKey,
    });
    expect((await test({ apiId: kit.sandbox.credentials.apiId, baseUrl: kit.sandbox.baseUrl })).json().outcome).toBe('accepted');
    expect((await test({ apiId: 'APP_ID_0000000000', baseUrl: kit.sandbox.baseUrl })).json().outcome).toBe('refused');
    await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
    const user = await signedInUser(ctx);
    const asUser = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/billing/gateway/test',
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('refuses to save keys Paylink refuses — checkouts would all fail — unless the admin saves anyway', async () => {
    await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
    const admin = await signedInAdmin(ctx);
    const wrong = { apiId: kit.sandbox.credentials.apiId, baseUrl: kit.sandbox.baseUrl, secretKey: 'wrong-secret-key' };
    const refused = await gateway(admin.cookie, 'PUT', wrong);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'GATEWAY_KEYS_REFUSED']);
    expect(await ctx.db.select().from(settings).where(eq(settings.key, 'paylink'))).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'billing.gateway.update'), eq(auditLog.actorEmail, admin.email))),
    ).toEqual([]);

    const anyway = await gateway(admin.cookie, 'PUT', { ...wrong, saveUntested: true });
    expect([anyway.statusCode, anyway.json().secretKeySet]).toEqual([200, true]);
    // What the test foretold: the checkout fails.
    const user = await signedInUser(ctx);
    const pkg = await packageByName(ctx, 'باقة نمو');
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: { cookie: user.cookie },
      payload: { packageId: pkg.id },
    });
    expect(checkout.statusCode).toBeGreaterThanOrEqual(400);
    await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
  });

  it('refuses to save while Paylink cannot be reached, unless the admin saves anyway', async () => {
    // A sandbox address where nothing listens any more.
    const { startPaylinkSandbox } = await import('../../sandbox/paylink');
    const gone = await startPaylinkSandbox();
    await gone.close();
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      logger: false,
      providers: {
        ...providerEndpoints('production', 'http://localhost:3000'),
        paylinkBaseUrls: { production: PAYLINK_PRODUCTION_URL, test: PAYLINK_TEST_URL, sandbox: gone.baseUrl },
      },
    });
    try {
      const admin = await signedInAdmin(ctx);
      const keys = { ...gone.credentials, baseUrl: gone.baseUrl };
      const put = (payload: object) =>
        app.inject({ method: 'PUT', url: '/api/admin/billing/gateway', headers: { cookie: admin.cookie }, payload });
      const tested = await app.inject({
        method: 'POST',
        url: '/api/admin/billing/gateway/test',
        headers: { cookie: admin.cookie },
        payload: keys,
      });
      expect(tested.json()).toEqual({ outcome: 'unreachable', status: null });
      const refused = await put(keys);
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'GATEWAY_UNREACHABLE']);
      expect((await put({ ...keys, saveUntested: true })).statusCode).toBe(200);
    } finally {
      await app.close();
      await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
    }
  });

  it('reports secrets sealed under an earlier APP_SECRET as not set, and will not keep them', async () => {
    const { cookie } = await signedInAdmin(ctx);
    const { createSecretBox } = await import('../../lib/secret-box');
    const old = createSecretBox('an-app-secret-from-before-the-rotation-0123456789');
    const shown = (await gateway(cookie)).json();
    await ctx.db
      .insert(settings)
      .values({
        key: 'paylink',
        value: { apiId: 'APP_ID_1', baseUrl: shown.baseUrl, secretKey: old.seal('k'), webhookSecret: old.seal('w') },
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { apiId: 'APP_ID_1', baseUrl: shown.baseUrl, secretKey: old.seal('k'), webhookSecret: old.seal('w') } },
      });
    expect((await gateway(cookie)).json()).toMatchObject({ secretKeySet: false, webhookSecretSet: false });
    const kept = await gateway(cookie, 'PUT', { apiId: 'APP_ID_1', baseUrl: shown.baseUrl, secretKey: '', webhookSecret: '' });
    expect([kept.statusCode, kept.json().code]).toEqual([400, 'GATEWAY_SECRET_REQUIRED']);
    await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
  });

  it('in production: refuses the sandbox address, and payments need stored settings', async () => {
    const app = await productionApp();
    try {
      const admin = await signedInAdmin(ctx);
      const options = (await app.inject({ url: '/api/admin/billing/gateway', headers: { cookie: admin.cookie } })).json();
      expect(options.baseUrlOptions.map((o: { environment: string }) => o.environment)).toEqual(['production', 'test']);
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/admin/billing/gateway',
        headers: { cookie: admin.cookie },
        payload: { apiId: 'APP', baseUrl: kit.sandbox.baseUrl, secretKey: 'x' },
      });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'GATEWAY_BASE_URL_INVALID']);

      // The stored settings point at the sandbox (a demo database): production will not use them.
      const user = await signedInUser(ctx);
      const pkg = await packageByName(ctx, 'باقة نمو');
      const res = await app.inject({
        method: 'POST',
        url: '/api/billing/invoices',
        headers: { cookie: user.cookie },
        payload: { packageId: pkg.id },
      });
      expect([res.statusCode, res.json().code]).toEqual([503, 'PAYMENT_SETTINGS_MISSING']);
      await ctx.db.delete(settings).where(eq(settings.key, 'paylink'));
      const none = await app.inject({
        method: 'POST',
        url: '/api/billing/invoices',
        headers: { cookie: user.cookie },
        payload: { packageId: pkg.id },
      });
      expect([none.statusCode, none.json().code]).toEqual([503, 'PAYMENT_SETTINGS_MISSING']);
    } finally {
      await app.close();
    }
  });

  it('mounts no Paylink sandbox in production mode', async () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      APP_SECRET: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      PUBLIC_BASE_URL: 'https://sira.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'sira@sira.example',
    });
    const app = await buildApp({
      env,
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'https://sira.example',
      appSecret: env.appSecret as string,
      logger: false,
    });
    try {
      expect(app.providers.paylinkBaseUrls.sandbox).toBeUndefined();
      for (const url of ['/sandbox/paylink/api/auth', '/sandbox/paylink/_control/faults']) {
        expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
      }
      expect((await app.inject({ url: '/sandbox/paylink/_control/state' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('admin payment tab', () => {
  it('totals completed revenue, searches by user e-mail and pages on the server', async () => {
    const admin = await signedInAdmin(ctx);
    const list = (query = '') => ctx.app.inject({ url: `/api/admin/billing/invoices${query}`, headers: { cookie: admin.cookie } });
    const start = (await list()).json();

    const buyer = await signedInUser(ctx);
    const paid = await startPurchase(ctx, buyer.cookie, 'باقة البداية');
    kit.sandbox.pay(paid.transactionNo, { webhook: false });
    expect((await confirm(ctx, buyer.cookie, paid.transactionNo)).json().status).toBe('completed');
    await startPurchase(ctx, buyer.cookie, 'باقة المحترف');

    const now = (await list()).json();
    expect(now.summary).toEqual({
      revenue: start.summary.revenue + 95,
      transactions: start.summary.transactions + 2,
      completed: start.summary.completed + 1,
    });
    // The admin header's revenue card sums the same completed invoices.
    const stats = (await ctx.app.inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json();
    expect(stats.totalRevenue).toBe(now.summary.revenue);

    const found = (await list(`?search=${encodeURIComponent(buyer.email.toUpperCase())}`)).json();
    expect(found.total).toBe(2);
    expect(
      found.items.map((i: { packageName: string; status: string; amount: number; userEmail: string }) => [
        i.userEmail,
        i.packageName,
        i.amount,
        i.status,
      ]),
    ).toEqual([
      [buyer.email, 'باقة المحترف', 150, 'pending'],
      [buyer.email, 'باقة البداية', 95, 'completed'],
    ]);
    expect((await list('?search=%25')).json().total).toBe(0);

    // Enough rows for a second page of 50.
    const heavy = await signedInUser(ctx);
    const heavyId = (await profileOf(ctx, heavy.email)).id;
    const { invoices } = await import('../../db/schema');
    const growth = await packageByName(ctx, 'باقة نمو');
    await ctx.db.insert(invoices).values(
      Array.from({ length: 55 }, (_, i) => ({
        profileId: heavyId,
        packageId: growth.id,
        amount: 30,
        status: 'pending',
        orderNumber: `bulk-${Date.now()}-${i}`,
        gatewayTxnId: `bulk-${Date.now()}-${i}`,
      })),
    );
    const page1 = (await list(`?search=${encodeURIComponent(heavy.email)}`)).json();
    const page2 = (await list(`?search=${encodeURIComponent(heavy.email)}&page=2`)).json();
    expect([page1.total, page1.pageCount, page1.items.length, page2.items.length, page2.page]).toEqual([55, 2, 50, 5, 2]);
  });

  it("lists a deleted account's paid invoice, without a buyer, for the books", async () => {
    const admin = await signedInAdmin(ctx);
    const list = (query = '') => ctx.app.inject({ url: `/api/admin/billing/invoices${query}`, headers: { cookie: admin.cookie } });
    const buyer = await signedInUser(ctx);
    const paid = await startPurchase(ctx, buyer.cookie, 'باقة البداية');
    kit.sandbox.pay(paid.transactionNo, { webhook: false });
    expect((await confirm(ctx, buyer.cookie, paid.transactionNo)).json().status).toBe('completed');
    const invoiceId = (await list(`?search=${encodeURIComponent(buyer.email)}`)).json().items[0].id;

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: { cookie: buyer.cookie },
      payload: { password: buyer.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const all = (await list()).json();
    // Every invoice is listed: the page's total is the summary's count of transactions.
    expect(all.total).toBe(all.summary.transactions);
    expect(all.items.find((i: { id: string }) => i.id === invoiceId)).toMatchObject({
      userEmail: null,
      packageName: 'باقة البداية',
      amount: 95,
      status: 'completed',
    });
    // A search by e-mail finds no buyer for it any more.
    expect((await list(`?search=${encodeURIComponent(buyer.email)}`)).json().total).toBe(0);
  });
});
