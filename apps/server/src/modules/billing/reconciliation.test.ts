import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { invoiceByTxn, profileOf, startPurchase, useBillingTestApp } from '../../../test-support/billing';
import { parseEnv } from '../../config/env';
import { invoices } from '../../db/schema';
import { billingDepsFromApp } from './billing-deps';
import { reconcilePendingInvoices, startInvoiceReconciliation } from './reconciliation';

const kit = useBillingTestApp();
const { ctx } = kit;

/** Ages an invoice as if it had been made `minutes` ago. */
const age = (id: string, minutes: number) =>
  ctx.db.execute(sql`update invoices set created_at = now() - make_interval(mins => ${minutes}), last_checked_at = null where id = ${id}`);

describe('invoice reconciliation', () => {
  it('credits a payment whose buyer closed the tab (no callback, no webhook)', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo, invoice } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    kit.sandbox.pay(transactionNo, { webhook: false });
    const deps = billingDepsFromApp(ctx.app);

    // Too fresh: the callback page and the webhook get the first chance.
    await reconcilePendingInvoices(deps);
    expect((await invoiceByTxn(ctx, transactionNo))?.status).toBe('pending');

    await age(invoice.id, 5);
    await reconcilePendingInvoices(deps);
    expect(await invoiceByTxn(ctx, transactionNo)).toMatchObject({ status: 'completed', gatewayStatus: 'Paid' });
    expect(await profileOf(ctx, user.email)).toMatchObject({
      packageName: 'باقة البداية',
      messagesRemaining: before.messagesRemaining + 300,
    });
  });

  it('records each check, marks cancelled invoices failed and waits longer before asking again', async () => {
    const user = await signedInUser(ctx);
    const waiting = await startPurchase(ctx, user.cookie, 'باقة نمو');
    const cancelled = await startPurchase(ctx, user.cookie, 'باقة المحترف');
    kit.sandbox.cancel(cancelled.transactionNo);
    await age(waiting.invoice.id, 5);
    await age(cancelled.invoice.id, 5);
    const deps = billingDepsFromApp(ctx.app);

    const gets = kit.sandbox.calls().getInvoice;
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    expect(kit.sandbox.calls().getInvoice - gets).toBeGreaterThanOrEqual(2);
    expect(await invoiceByTxn(ctx, cancelled.transactionNo)).toMatchObject({ status: 'failed', gatewayStatus: 'Canceled' });
    const checked = await invoiceByTxn(ctx, waiting.transactionNo);
    expect(checked).toMatchObject({ status: 'pending', gatewayStatus: 'Pending' });
    expect(checked?.lastCheckedAt).toBeInstanceOf(Date);

    // Asked a moment ago: not asked again in the next pass.
    const again = kit.sandbox.calls().getInvoice;
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, waiting.invoice.id));
    expect(row?.lastCheckedAt?.getTime()).toBe(checked?.lastCheckedAt?.getTime());
    expect(kit.sandbox.calls().getInvoice - again).toBe(0);
  });

  it('credits a payment made after a declined attempt, with no callback and no webhook', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo, invoice } = await startPurchase(ctx, user.cookie, 'باقة البداية');
    kit.sandbox.decline(transactionNo);
    await age(invoice.id, 5);
    const deps = billingDepsFromApp(ctx.app);
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    expect(await invoiceByTxn(ctx, transactionNo)).toMatchObject({ status: 'failed', gatewayStatus: 'Pending' });

    // The buyer tries again on Paylink's page and pays, then closes the tab.
    kit.sandbox.pay(transactionNo, { webhook: false });
    await age(invoice.id, 5);
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    expect(await invoiceByTxn(ctx, transactionNo)).toMatchObject({ status: 'completed', gatewayStatus: 'Paid' });
    expect((await profileOf(ctx, user.email)).messagesRemaining).toBe(before.messagesRemaining + 300);
  });

  it('keeps an invoice pending while Paylink is down, and credits it on a later pass', async () => {
    const user = await signedInUser(ctx);
    const { transactionNo, invoice } = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.pay(transactionNo, { webhook: false });
    await age(invoice.id, 5);
    const deps = billingDepsFromApp(ctx.app);
    kit.sandbox.injectFault({ endpoint: 'getInvoice', status: 500, times: 1000 });
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    kit.sandbox.clearFaults();
    expect((await invoiceByTxn(ctx, transactionNo))?.status).toBe('pending');
    await age(invoice.id, 5);
    await reconcilePendingInvoices(deps, { batchSize: 1000 });
    expect((await invoiceByTxn(ctx, transactionNo))?.status).toBe('completed');
  });

  it('lets concurrent workers claim each due invoice once per round', async () => {
    const user = await signedInUser(ctx);
    const bought = [];
    for (let i = 0; i < 6; i++) bought.push(await startPurchase(ctx, user.cookie, 'باقة نمو'));
    for (const b of bought) await age(b.invoice.id, 5);
    const gets = kit.sandbox.calls().getInvoice;
    // Four workers, each with its own deps (as separate processes would have).
    const results = await Promise.all(
      Array.from({ length: 4 }, () => reconcilePendingInvoices(billingDepsFromApp(ctx.app), { batchSize: 1000 })),
    );
    const mine = new Set(bought.map((b) => b.transactionNo));
    const claimed = results.reduce((n, r) => n + r.checked, 0);
    expect(claimed).toBeGreaterThanOrEqual(mine.size);
    // Every invoice was asked about exactly once, whoever claimed it.
    expect(kit.sandbox.calls().getInvoice - gets).toBe(claimed);
  });

  it('runs as a background task that stops cleanly', async () => {
    const task = startInvoiceReconciliation({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      events: ctx.app.events,
      secretBox: ctx.app.secretBox,
      providers: ctx.app.providers,
      publicBaseUrl: 'http://localhost:3000',
      log: ctx.app.log,
    });
    expect(task.name).toBe('invoice-reconciliation');
    await task.stop();
  });
});
