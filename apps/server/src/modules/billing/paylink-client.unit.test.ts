import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaylinkSandbox, startPaylinkSandbox } from '../../sandbox/paylink';
import { createPaylinkClient, PaylinkError } from './paylink-client';

let sandbox: PaylinkSandbox;
beforeAll(async () => {
  sandbox = await startPaylinkSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.clearFaults());

let order = 0;
const invoiceRequest = (amount = 95) => ({
  orderNumber: `${Date.now()}client${order++}`,
  amount,
  callBackUrl: 'http://localhost:3000/payment-callback',
  cancelUrl: 'http://localhost:3000/pricing',
  clientName: 'sara',
  clientEmail: 'sara@example.com',
  clientMobile: '0512345678',
  products: [{ title: 'باقة البداية', price: amount, qty: 1, isDigital: false }],
});

describe('Paylink client against the sandbox over HTTP', () => {
  it('creates, reads and cancels an invoice with the documented shapes', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
    const created = await client.addInvoice(invoiceRequest());
    expect(created.transactionNo).toMatch(/^\d{13,}$/);
    expect(created.orderStatus).toBe('Pending');
    expect(created.amount).toBe(95);
    expect(created.url).toBe(`${sandbox.baseUrl}/pay/${created.transactionNo}`);
    expect(created.success).toBe(true);

    const read = await client.getInvoice(created.transactionNo);
    expect(read).toMatchObject({ transactionNo: created.transactionNo, orderStatus: 'Pending', amount: 95, paymentErrors: [] });

    sandbox.pay(created.transactionNo, { webhook: false });
    expect((await client.getInvoice(created.transactionNo)).orderStatus).toBe('Paid');

    const second = await client.addInvoice(invoiceRequest());
    expect(await client.cancelInvoice(second.transactionNo)).toBe(true);
    expect((await client.getInvoice(second.transactionNo)).orderStatus).toBe('Canceled');
  });

  it('reports Paylink’s error detail and status (unknown invoice, below the SAR 5 minimum)', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
    await expect(client.getInvoice('999')).rejects.toMatchObject({ status: 404, detail: 'Invoice 999 not found' });
    await expect(client.addInvoice(invoiceRequest(4))).rejects.toMatchObject({ status: 400, detail: 'Minimum invoice amount is 5.00 SAR' });
  });

  it('refuses wrong credentials with a 401 error', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, apiId: sandbox.credentials.apiId, secretKey: 'wrong' });
    const error = await client.getInvoice('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaylinkError);
    expect(error).toMatchObject({ status: 401 });
  });

  it('caches the token across calls and concurrent callers', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
    const before = sandbox.calls().auth;
    const created = await client.addInvoice(invoiceRequest());
    await Promise.all(Array.from({ length: 10 }, () => client.getInvoice(created.transactionNo)));
    await client.getInvoice(created.transactionNo);
    expect(sandbox.calls().auth - before).toBe(1);
  });

  it('re-authenticates once when a call answers 401, and gives up on a second 401', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials });
    const created = await client.addInvoice(invoiceRequest());
    let auth = sandbox.calls().auth;

    // The tokens Paylink issued stop working (expired on its side): one new token, then success.
    sandbox.expireTokens();
    expect((await client.getInvoice(created.transactionNo)).transactionNo).toBe(created.transactionNo);
    expect(sandbox.calls().auth - auth).toBe(1);

    // Two 401s in a row: exactly one re-authentication, then the error reaches the caller.
    auth = sandbox.calls().auth;
    const getsBefore = sandbox.calls().getInvoice;
    sandbox.injectFault({ endpoint: 'getInvoice', status: 401, times: 2 });
    await expect(client.getInvoice(created.transactionNo)).rejects.toMatchObject({ status: 401 });
    expect(sandbox.calls().auth - auth).toBe(1);
    expect(sandbox.calls().getInvoice - getsBefore).toBe(2);
  });

  it('renews the token before it expires (persistToken=false lasts 30 minutes)', async () => {
    let clock = Date.now();
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }, { now: () => clock });
    const created = await client.addInvoice(invoiceRequest());
    const auth = sandbox.calls().auth;
    clock += 28 * 60_000;
    await client.getInvoice(created.transactionNo);
    expect(sandbox.calls().auth).toBe(auth);
    clock += 90_000; // within a minute of the 30-minute expiry
    await client.getInvoice(created.transactionNo);
    expect(sandbox.calls().auth).toBe(auth + 1);
  });

  it('turns 5xx answers and timeouts into errors instead of waiting forever', async () => {
    const client = createPaylinkClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }, { timeoutMs: 200 });
    const created = await client.addInvoice(invoiceRequest());
    sandbox.injectFault({ endpoint: 'getInvoice', status: 503 });
    await expect(client.getInvoice(created.transactionNo)).rejects.toMatchObject({ status: 503 });
    sandbox.injectFault({ endpoint: 'getInvoice', delayMs: 1000 });
    const started = Date.now();
    await expect(client.getInvoice(created.transactionNo)).rejects.toMatchObject({ status: null });
    expect(Date.now() - started).toBeLessThan(900);
  });
});
