import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { invoiceByTxn, profileOf, startPurchase, useBillingTestApp } from '../../../test-support/billing';
import { SANDBOX_WEBHOOK_SECRET } from './paylink-config';
import { webhookSecretMatches } from './paylink-webhook';

const kit = useBillingTestApp({ webhookRetryDelayMs: 30 });
const { ctx } = kit;
let webhookUrl = '';

// Paylink calls the webhook over the network: the app listens on a loopback port for these tests.
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  webhookUrl = `http://127.0.0.1:${address.port}/api/billing/paylink/webhook`;
  kit.sandbox.configureWebhook({ url: webhookUrl, headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` } });
});
afterAll(() => kit.sandbox?.configureWebhook(null));

const post = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/paylink/webhook', headers, payload: payload as object });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /api/billing/paylink/webhook', () => {
  it('compares the secret header in constant time and refuses a wrong or missing one', async () => {
    expect(webhookSecretMatches(`Bearer ${SANDBOX_WEBHOOK_SECRET}`, SANDBOX_WEBHOOK_SECRET)).toBe(true);
    expect(webhookSecretMatches('Bearer nope', SANDBOX_WEBHOOK_SECRET)).toBe(false);
    expect(webhookSecretMatches(SANDBOX_WEBHOOK_SECRET, SANDBOX_WEBHOOK_SECRET)).toBe(false);
    expect(webhookSecretMatches(undefined, SANDBOX_WEBHOOK_SECRET)).toBe(false);
    expect(webhookSecretMatches(`Bearer ${SANDBOX_WEBHOOK_SECRET}`, null)).toBe(false);

    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.pay(transactionNo, { webhook: false });
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${SANDBOX_WEBHOOK_SECRET}` },
    ];
    for (const headers of attempts) {
      const res = await post(headers, { transactionNo, orderStatus: 'Paid', amount: 30 });
      expect(res.statusCode).toBe(401);
    }
    expect((await invoiceByTxn(ctx, transactionNo))?.status).toBe('pending');
    expect(await profileOf(ctx, user.email)).toEqual(before);
  });

  it('credits a payment when Paylink’s webhook arrives, after asking getInvoice', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة المحترف');
    const gets = kit.sandbox.calls().getInvoice;
    kit.sandbox.pay(transactionNo); // paid on Paylink's side; the sandbox calls our webhook over HTTP
    const invoice = await until(
      () => invoiceByTxn(ctx, transactionNo),
      (row) => row?.status === 'completed',
    );
    expect(invoice?.status).toBe('completed');
    expect(kit.sandbox.calls().getInvoice - gets).toBeGreaterThanOrEqual(1);
    expect(await profileOf(ctx, user.email)).toMatchObject({
      packageName: 'باقة المحترف',
      messagesRemaining: before.messagesRemaining + 600,
    });
    // The sandbox records the delivery once our answer reaches it, just after the credit committed.
    const delivered = () => kit.sandbox.webhookDeliveries().filter((d) => d.transactionNo === transactionNo);
    await until(
      async () => delivered(),
      (list) => list.length > 0,
    );
    expect(delivered().map((d) => d.status)).toEqual([200]);
  });

  it('never credits on the webhook body alone', async () => {
    const user = await signedInUser(ctx);
    const before = await profileOf(ctx, user.email);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة التميز');
    // A correct secret but a lie: Paylink still says Pending.
    const res = await post({ authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` }, { transactionNo, orderStatus: 'Paid', amount: 199 });
    expect(res.statusCode).toBe(200);
    expect((await invoiceByTxn(ctx, transactionNo))?.status).toBe('pending');
    expect(await profileOf(ctx, user.email)).toEqual(before);
    // Unknown transactions and bodies without one are acknowledged (nothing to retry) and change nothing.
    expect((await post({ authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` }, { transactionNo: '42' })).statusCode).toBe(200);
    expect((await post({ authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` }, {})).statusCode).toBe(200);
  });

  it('answers 503 while Paylink cannot be asked, so its retries deliver the credit later', async () => {
    const user = await signedInUser(ctx);
    const { transactionNo } = await startPurchase(ctx, user.cookie, 'باقة نمو');
    kit.sandbox.injectFault({ endpoint: 'getInvoice', status: 503, times: 2 });
    kit.sandbox.pay(transactionNo);
    const invoice = await until(
      () => invoiceByTxn(ctx, transactionNo),
      (row) => row?.status === 'completed',
    );
    expect(invoice?.status).toBe('completed');
    const statuses = () =>
      kit.sandbox
        .webhookDeliveries()
        .filter((d) => d.transactionNo === transactionNo)
        .map((d) => d.status);
    await until(
      async () => statuses(),
      (list) => list.includes(200),
    );
    expect(statuses()).toEqual([503, 503, 200]);
  });
});
