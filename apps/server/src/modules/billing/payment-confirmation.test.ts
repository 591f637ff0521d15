import { ADMIN_PACKAGE } from '@sira/shared';
import type { BillingOverview } from '@sira/shared/schemas/billing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { confirm, invoiceByTxn, packageByName, profileOf, startPurchase, useBillingTestApp } from '../../../test-support/billing';
import { invoices, packages, profiles } from '../../db/schema';
import type { LiveEvent } from '../../lib/event-bus';
import { billingDepsFromApp } from './billing-deps';
import { SANDBOX_WEBHOOK_SECRET } from './paylink-config';
import { applyGatewayAnswer, judgeGatewayAnswer } from './payment-confirmation';

const kit = useBillingTestApp();
const { ctx } = kit;

const webhook = (transactionNo: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/billing/paylink/webhook',
    headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` },
    payload: { transactionNo, orderStatus: 'Paid', amount: 95 },
  });

describe('judging Paylink’s answer', () => {
  it('is paid only for paid (any case) with the amount within 0.01', () => {
    const answer = (orderStatus: string, amount: number, paymentErrors: unknown[] = []) => ({ orderStatus, amount, paymentErrors });
    expect(judgeGatewayAnswer(95, answer('Paid', 95))).toBe('paid');
    expect(judgeGatewayAnswer(95, answer('PAID', 95.004))).toBe('paid');
    expect(judgeGatewayAnswer(95, answer('paid', 94.98))).toBe('amount_mismatch');
    // Paid with an amount that cannot be read: no verdict; the invoice stays open and is asked about again.
    expect(judgeGatewayAnswer(95, answer('Paid', Number.NaN))).toBe('waiting');
    expect(judgeGatewayAnswer(95, answer('Pending', 95))).toBe('waiting');
    expect(judgeGatewayAnswer(95, answer('Pending', 95, [{ errorCode: 'DECLINED' }]))).toBe('failed');
    expect(judgeGatewayAnswer(95, answer('Canceled', 95))).toBe('failed');
    expect(judgeGatewayAnswer(95, answer('Declined', 95))).toBe('failed');
  });
});

describe('POST /api/billing/invoices/confirm', () => {
  it('credits a paid invoice once: package set, its messages added to the balance', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo, orderNumber } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => events.push(e));

    const waiting = await confirm(ctx, user.cookie, transactionNo);
    expect(waiting.json()).toEqual({ status: 'pending', packageName: 'باقة البداية', activePackageName: before.packageName });
    expect((await profileOf(ctx, user.email)).messagesRemaining).toBe(before.messagesRemaining);

    kit.sandbox.pay(transactionNo, { webhook: false });
    const paid = await confirm(ctx, user.cookie, transactionNo);
    expect(paid.json()).toEqual({ status: 'completed', packageName: 'باقة البداية', activePackageName: 'باقة البداية' });
    // The callback may carry our order number instead of Paylink's transaction number.
    expect((await confirm(ctx, user.cookie, orderNumber)).json().status).toBe('completed');
    expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('completed');
    unsubscribe();

    const after = await profileOf(ctx, user.email);
    expect(after).toMatchObject({ packageName: 'باقة البداية', messagesRemaining: before.messagesRemaining + 300 });
    const invoice = await invoiceByTxn(ctx, transactionNo);
    expect(invoice).toMatchObject({ status: 'completed', gatewayStatus: 'Paid' });
    expect(invoice?.completedAt).toBeInstanceOf(Date);
    const mine = events.filter((e) => e.profileId === after.id).map((e) => e.topic);
    expect(mine.sort()).toEqual(['billing', 'profile']);
  });

  // 121 requests, each asking the Paylink sandbox over HTTP: seconds alone, much more with the processors shared.
  it('limits how often one user can make Sira ask Paylink about open invoices', { timeout: 180_000 }, async () => {
    const user = await signedInUser(ctx);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    const gets = kit.sandbox.calls().getInvoice;
    for (let i = 0; i < 120; i++) expect((await confirm(ctx, user.cookie, transactionNo)).statusCode).toBe(200);
    const refused = await confirm(ctx, user.cookie, transactionNo);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(kit.sandbox.calls().getInvoice - gets).toBe(120);
  });

  it('credits what the invoice bought, even if the package was edited while the buyer paid', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo, pkg } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    expect((await invoiceByTxn(ctx, transactionNo))?.messages).toBe(300);
    await ctx.db.update(packages).set({ messagesLimit: 10 }).where(eq(packages.id, pkg.id));
    try {
      kit.sandbox.pay(transactionNo, { webhook: false });
      expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('completed');
      expect((await profileOf(ctx, user.email)).messagesRemaining).toBe(before.messagesRemaining + 300);
    } finally {
      await ctx.db.update(packages).set({ messagesLimit: 300 }).where(eq(packages.id, pkg.id));
    }
  });

  describe('two purchases paid out of order', () => {
    /** Pays an invoice on the sandbox's page and lets the callback page confirm it. */
    const pay = async (cookie: string, transactionNo: string) => {
      kit.sandbox.pay(transactionNo, { webhook: false });
      const answer = await confirm(ctx, cookie, transactionNo);
      expect(answer.json().status).toBe('completed');
      return answer.json() as { packageName: string; activePackageName: string };
    };

    it('a cheaper payment page left open and paid after a dearer later purchase adds its messages, keeping the dearer package', async () => {
      const user = await signedInUser(ctx);
      const before = await profileOf(ctx, user.email);
      const stale = await startPurchase(ctx, user.cookie, 'باقة نمو');
      const later = await startPurchase(ctx, user.cookie, 'باقة التميز');
      await pay(user.cookie, later.transactionNo);
      expect(await pay(user.cookie, stale.transactionNo)).toEqual({
        status: 'completed',
        packageName: 'باقة نمو',
        activePackageName: 'باقة التميز',
      });
      expect(await profileOf(ctx, user.email)).toMatchObject({
        packageName: 'باقة التميز',
        messagesRemaining: before.messagesRemaining + 1000 + 100,
      });
    });

    it('a dearer payment page paid after a cheaper later purchase gives the dearer package', async () => {
      const user = await signedInUser(ctx);
      const before = await profileOf(ctx, user.email);
      const stale = await startPurchase(ctx, user.cookie, 'باقة التميز');
      const later = await startPurchase(ctx, user.cookie, 'باقة نمو');
      await pay(user.cookie, later.transactionNo);
      expect((await pay(user.cookie, stale.transactionNo)).activePackageName).toBe('باقة التميز');
      expect(await profileOf(ctx, user.email)).toMatchObject({
        packageName: 'باقة التميز',
        messagesRemaining: before.messagesRemaining + 1100,
      });
    });

    it('a cheaper package bought after a dearer one replaces it: the later choice counts', async () => {
      const user = await signedInUser(ctx);
      await pay(user.cookie, (await startPurchase(ctx, user.cookie, 'باقة التميز')).transactionNo);
      expect((await pay(user.cookie, (await startPurchase(ctx, user.cookie, 'باقة نمو')).transactionNo)).activePackageName).toBe(
        'باقة نمو',
      );
      expect((await profileOf(ctx, user.email)).packageName).toBe('باقة نمو');
    });
  });

  it('keeps the admin package of a buyer made administrator before the payment completed: messages only', async () => {
    const user = await signedInUser(ctx);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    const admin = await packageByName(ctx, ADMIN_PACKAGE);
    await ctx.db.update(profiles).set({ packageId: admin.id, messagesRemaining: 7 }).where(eq(profiles.email, user.email));
    kit.sandbox.pay(transactionNo, { webhook: false });
    expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('completed');
    expect(await profileOf(ctx, user.email)).toMatchObject({ packageName: ADMIN_PACKAGE, messagesRemaining: 307 });
  });

  it('credits nothing for forged callbacks: unknown, someone else’s, unpaid, wrong amount', async () => {
    const victim = await signedInUser(ctx);
    const forger = await signedInUser(ctx);
    const forgerBefore = await profileOf(ctx, forger.email);

    const unknown = await confirm(ctx, forger.cookie, '1700000000000');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);

    const victims = await startPurchase(ctx, victim.cookie, 'باقة المحترف');
    kit.sandbox.pay(victims.transactionNo, { webhook: false });
    const foreign = await confirm(ctx, forger.cookie, victims.transactionNo);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect((await invoiceByTxn(ctx, victims.transactionNo))?.status).toBe('pending');

    const unpaid = await startPurchase(ctx, forger.cookie, 'باقة المحترف');
    expect((await confirm(ctx, forger.cookie, unpaid.transactionNo)).json().status).toBe('pending');

    // Paid, but Paylink reports 1 riyal for a 150-riyal invoice: never credited, marked failed.
    const cheap = await startPurchase(ctx, forger.cookie, 'باقة المحترف');
    kit.sandbox.pay(cheap.transactionNo, { amount: 1, webhook: false });
    expect((await confirm(ctx, forger.cookie, cheap.transactionNo)).json().status).toBe('failed');
    expect((await invoiceByTxn(ctx, cheap.transactionNo))?.status).toBe('failed');

    expect(await profileOf(ctx, forger.email)).toEqual(forgerBefore);
  });

  it('fails declined and cancelled payments, and still credits a failed invoice Paylink later reports paid', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const declined = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.decline(declined.transactionNo);
    expect((await confirm(ctx, user.cookie, declined.transactionNo)).json().status).toBe('failed');

    const cancelled = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.cancel(cancelled.transactionNo);
    expect((await confirm(ctx, user.cookie, cancelled.transactionNo)).json().status).toBe('failed');
    expect(await profileOf(ctx, user.email)).toEqual(before);
    // The history says what happened to each, not «pending» for both.
    const history = (await ctx.app.inject({ url: '/api/billing', headers: { cookie: user.cookie } })).json() as BillingOverview;
    const outcomeOf = (txn: string) => history.invoices.find((i) => i.id === txn)?.outcome;
    const [declinedRow, cancelledRow] = [await invoiceByTxn(ctx, declined.transactionNo), await invoiceByTxn(ctx, cancelled.transactionNo)];
    expect([outcomeOf(declinedRow?.id as string), outcomeOf(cancelledRow?.id as string)]).toEqual(['declined', 'cancelled']);

    // The buyer retried on Paylink's page after the decline and paid: the money is not lost.
    kit.sandbox.pay(declined.transactionNo, { webhook: false });
    expect((await confirm(ctx, user.cookie, declined.transactionNo)).json().status).toBe('completed');
    expect((await profileOf(ctx, user.email)).messagesRemaining).toBe(before.messagesRemaining + 100);
  });

  it('keeps the invoice pending while Paylink is unreachable, then completes', async () => {
    const user = await signedInUser(ctx);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.pay(transactionNo, { webhook: false });
    kit.sandbox.injectFault({ endpoint: 'getInvoice', status: 503 });
    expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('pending');
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.gatewayTxnId, transactionNo));
    expect(row?.lastCheckedAt).toBeInstanceOf(Date);
    expect((await confirm(ctx, user.cookie, transactionNo)).json().status).toBe('completed');
  });

  it('credits once when 100 callbacks and webhooks race for the same invoice', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    kit.sandbox.pay(transactionNo, { webhook: false });
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => {
      if (e.profileId === before.id) events.push(e);
    });

    const calls = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? confirm(ctx, user.cookie, transactionNo) : webhook(transactionNo)));
    const answers = await Promise.all(calls);
    unsubscribe();

    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const confirmations = answers.filter((_, i) => i % 2 === 0).map((a) => a.json().status);
    expect(confirmations).toEqual(Array(50).fill('completed'));
    const after = await profileOf(ctx, user.email);
    expect(after).toMatchObject({ packageName: 'باقة البداية', messagesRemaining: before.messagesRemaining + 300 });
    expect(events.filter((e) => e.topic === 'profile')).toHaveLength(1);
    expect(events.filter((e) => e.topic === 'billing')).toHaveLength(1);
  });

  it('credits once when 100 verified answers reach the crediting transaction at the same moment', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo, invoice } = await startPurchase(ctx, user.cookie, 'باقة التميز');
    kit.sandbox.pay(transactionNo, { webhook: false });
    const deps = billingDepsFromApp(ctx.app);
    const answer = await deps.paylink.clientFor({ baseUrl: kit.sandbox.baseUrl, ...kit.sandbox.credentials }).getInvoice(transactionNo);
    // Every pooled connection open first (PostgreSQL), and no HTTP in between: the calls open their
    // transactions at once, so only the row lock keeps them apart.
    await Promise.all(Array.from({ length: 20 }, () => ctx.db.execute(sql`select pg_sleep(0.02)`)));
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => applyGatewayAnswer(deps, invoice.id, answer)));
    expect(outcomes).toEqual(Array(100).fill('completed'));
    expect(await profileOf(ctx, user.email)).toMatchObject({
      packageName: 'باقة التميز',
      messagesRemaining: before.messagesRemaining + 1000,
    });
  });
});
