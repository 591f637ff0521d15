import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { SANDBOX_WEBHOOK_SECRET } from '../../modules/billing/paylink-config';
import { type PaylinkSandbox, startPaylinkSandbox } from '.';
import { WEBHOOK_RETRIES } from './sandbox-state';

let sandbox: PaylinkSandbox;
let receiver: Server;
const received: Array<{ authorization: string | undefined; body: Record<string, unknown> }> = [];
let answerWith = 200;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(data || '{}') });
      res.statusCode = answerWith;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  sandbox = await startPaylinkSandbox({
    webhook: { url: `http://127.0.0.1:${port}/hook`, headers: { authorization: 'Bearer s3cret' } },
    webhookRetryDelayMs: 5,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function api(path: string, body?: unknown, token?: string) {
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newInvoice(extra: Record<string, unknown> = {}) {
  const auth = await api('/api/auth', { ...sandbox.credentials, persistToken: 'false' });
  const token = auth.body.id_token as string;
  const created = await api(
    '/api/addInvoice',
    {
      orderNumber: `${Date.now()}${Math.random()}`,
      amount: 30,
      callBackUrl: 'http://localhost:3000/payment-callback',
      cancelUrl: 'http://localhost:3000/pricing',
      clientName: 'sara',
      clientMobile: '0512345678',
      products: [{ title: 'باقة نمو', price: 30, qty: 1 }],
      ...extra,
    },
    token,
  );
  return { token, ...created };
}

const until = async (check: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

describe('Paylink sandbox', () => {
  it('accepts Paylink’s public test keys only and answers in Paylink’s error shape', async () => {
    const ok = await api('/api/auth', { ...sandbox.credentials, persistToken: true });
    expect(ok.status).toBe(200);
    expect(String(ok.body.id_token).split('.')).toHaveLength(3);
    expect(sandbox.credentials).toEqual({ apiId: 'APP_ID_1123453311', secretKey: '0662abb5-13c7-38ab-cd12-236e58f43766' });
    const bad = await api('/api/auth', { apiId: 'APP_ID_1123453311', secretKey: 'nope' });
    expect(bad).toEqual({ status: 401, body: { title: 'Unauthorized', status: 401, detail: 'Invalid apiId or secretKey' } });
    expect((await api('/api/getInvoice/1', undefined, 'forged')).status).toBe(401);
  });

  it('validates addInvoice as Paylink documents it', async () => {
    const { token } = await newInvoice();
    const missing = await api('/api/addInvoice', { amount: 30, products: [] }, token);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Missing required fields: orderNumber, callBackUrl, clientName, clientMobile');
    const small = await newInvoice({ amount: 4.99 });
    expect(small.status).toBe(400);
  });

  it('serves an Arabic RTL payment page whose Pay button redirects with transactionNo and orderNumber and sends the webhook', async () => {
    const { body } = await newInvoice();
    const transactionNo = body.transactionNo as string;
    const page = await fetch(body.url as string);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    for (const label of ['ادفع الآن', 'محاكاة رفض البطاقة', 'إلغاء الدفع']) expect(html).toContain(label);

    const res = await fetch(`${sandbox.baseUrl}/pay/${transactionNo}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/payment-callback');
    expect(location.searchParams.get('transactionNo')).toBe(transactionNo);
    expect(location.searchParams.get('orderNumber')).toBe((body.gatewayOrderRequest as { orderNumber: string }).orderNumber);
    expect(sandbox.invoice(transactionNo).orderStatus).toBe('Paid');

    await until(() => received.some((r) => r.body.transactionNo === transactionNo));
    const hook = received.find((r) => r.body.transactionNo === transactionNo);
    expect(hook).toEqual({
      authorization: 'Bearer s3cret',
      body: expect.objectContaining({ transactionNo, orderStatus: 'Paid', amount: 30, merchantOrderNumber: expect.any(String) }),
    });
    expect((await fetch(body.url as string).then((r) => r.text())).includes('تم دفع هذه الفاتورة مسبقاً')).toBe(true);
  });

  it('declines (stays Pending with paymentErrors) and cancels (to cancelUrl)', async () => {
    const declined = (await newInvoice()).body.transactionNo as string;
    const d = await fetch(`${sandbox.baseUrl}/pay/${declined}/decline`, { method: 'POST', redirect: 'manual' });
    expect(new URL(d.headers.get('location') as string).pathname).toBe('/payment-callback');
    expect(sandbox.invoice(declined)).toMatchObject({
      orderStatus: 'Pending',
      paymentErrors: [expect.objectContaining({ errorCode: 'DECLINED' })],
    });

    const cancelled = (await newInvoice()).body.transactionNo as string;
    const c = await fetch(`${sandbox.baseUrl}/pay/${cancelled}/cancel`, { method: 'POST', redirect: 'manual' });
    const to = new URL(c.headers.get('location') as string);
    expect([to.pathname, to.searchParams.get('transactionNo')]).toEqual(['/pricing', cancelled]);
    expect(sandbox.invoice(cancelled).orderStatus).toBe('Canceled');
  });

  it('retries a webhook that is not answered 200, ten more times at most', async () => {
    answerWith = 500;
    try {
      const transactionNo = (await newInvoice()).body.transactionNo as string;
      sandbox.pay(transactionNo);
      await until(() => sandbox.webhookDeliveries().filter((d) => d.transactionNo === transactionNo).length > WEBHOOK_RETRIES);
      await new Promise((r) => setTimeout(r, 100));
      const attempts = sandbox.webhookDeliveries().filter((d) => d.transactionNo === transactionNo);
      expect(attempts).toHaveLength(1 + WEBHOOK_RETRIES);
      expect(attempts.every((a) => a.status === 500)).toBe(true);
    } finally {
      answerWith = 200;
    }
  });

  it('has HTTP switches: faults, late payment without redirect, amount tampering, token expiry', async () => {
    const { token, body } = await newInvoice();
    const transactionNo = body.transactionNo as string;
    const control = (method: string, path: string, payload?: unknown) =>
      fetch(`${sandbox.baseUrl}/_control${path}`, {
        method,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });

    expect((await control('POST', '/faults', { endpoint: 'getInvoice', status: 503 })).status).toBe(204);
    expect((await api(`/api/getInvoice/${transactionNo}`, undefined, token)).status).toBe(503);
    expect((await api(`/api/getInvoice/${transactionNo}`, undefined, token)).status).toBe(200);

    await control('POST', `/invoices/${transactionNo}/pay`, { webhook: false });
    await control('PATCH', `/invoices/${transactionNo}`, { amount: 1 });
    expect((await api(`/api/getInvoice/${transactionNo}`, undefined, token)).body).toMatchObject({ orderStatus: 'Paid', amount: 1 });

    await control('POST', '/tokens/expire');
    expect((await api(`/api/getInvoice/${transactionNo}`, undefined, token)).status).toBe(401);
    const state = (await (await control('GET', '/state')).json()) as { invoices: Array<{ transactionNo: string }> };
    expect(state.invoices.some((i) => i.transactionNo === transactionNo)).toBe(true);
  });
});

describe('with a store file', () => {
  it('keeps invoices across a restart, and numbers new ones after them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sira-paylink-sandbox-'));
    const storeFile = join(dir, 'sandbox', 'paylink', 'invoices.json');
    try {
      const first = await startPaylinkSandbox({ storeFile });
      const auth = async (s: PaylinkSandbox) =>
        (await (
          await fetch(`${s.baseUrl}/api/auth`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(s.credentials),
          })
        ).json()) as { id_token: string };
      const add = async (s: PaylinkSandbox, orderNumber: string) => {
        const { id_token } = await auth(s);
        const res = await fetch(`${s.baseUrl}/api/addInvoice`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${id_token}` },
          body: JSON.stringify({
            orderNumber,
            amount: 30,
            callBackUrl: 'http://localhost:3000/payment-callback',
            clientName: 'sara',
            clientMobile: '0512345678',
            products: [{ title: 'باقة', price: 30, qty: 1 }],
          }),
        });
        return ((await res.json()) as { transactionNo: string }).transactionNo;
      };
      const paid = await add(first, 'order-paid');
      const waiting = await add(first, 'order-waiting');
      first.pay(paid, { webhook: false });
      await first.close();

      const second = await startPaylinkSandbox({ storeFile });
      try {
        const { id_token } = await auth(second);
        const read = async (transactionNo: string) =>
          (await (
            await fetch(`${second.baseUrl}/api/getInvoice/${transactionNo}`, { headers: { authorization: `Bearer ${id_token}` } })
          ).json()) as Record<string, unknown>;
        expect(await read(paid)).toMatchObject({ transactionNo: paid, orderStatus: 'Paid', amount: 30 });
        expect(await read(waiting)).toMatchObject({ transactionNo: waiting, orderStatus: 'Pending' });
        expect(second.invoice(paid).paidAt).toBeInstanceOf(Date);
        // The buyer can still pay the invoice made before the restart; an order number stays single-use.
        expect(second.pay(waiting, { webhook: false }).orderStatus).toBe('Paid');
        await expect(add(second, 'order-paid')).resolves.toBeUndefined();
        expect(Number(await add(second, 'order-new'))).toBeGreaterThan(Math.max(Number(paid), Number(waiting)));
      } finally {
        await second.close();
      }
      const stored = JSON.parse(readFileSync(storeFile, 'utf8')) as Array<{ orderNumber: string; orderStatus: string }>;
      expect(stored.map((i) => [i.orderNumber, i.orderStatus])).toEqual([
        ['order-paid', 'Paid'],
        ['order-waiting', 'Paid'],
        ['order-new', 'Pending'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded mount', () => {
  const ctx = useTestApp();
  it('serves the sandbox at /sandbox/paylink with its webhook aimed at the app', async () => {
    const auth = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paylink/api/auth',
      payload: { apiId: 'APP_ID_1123453311', secretKey: '0662abb5-13c7-38ab-cd12-236e58f43766', persistToken: false },
    });
    expect(auth.statusCode).toBe(200);
    const state = (await ctx.app.inject({ url: '/sandbox/paylink/_control/state' })).json();
    expect(state.webhook).toEqual({
      url: 'http://localhost:3000/api/billing/paylink/webhook',
      headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` },
    });
    expect(ctx.app.providers.paylinkBaseUrls.sandbox).toBe('http://localhost:3000/sandbox/paylink');
  });
});
