import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PAYLINK_PUBLIC_TEST_CREDENTIALS } from '../../modules/billing/paylink-config';

/**
 * The Paylink sandbox's memory: invoices, issued tokens, injected faults and the merchant's webhook setting.
 * It follows Paylink's documented contract (integrations.md §A2–A6); nothing here is Sira-specific.
 */
export type SandboxEndpoint = 'auth' | 'addInvoice' | 'getInvoice' | 'cancelInvoice';

export interface SandboxFault {
  /** Which call it hits; 'any' (default) hits every API call. */
  endpoint?: SandboxEndpoint | 'any';
  /** Answer this status instead of the real answer (401, 5xx). Without it only the delay applies. */
  status?: 401 | 500 | 502 | 503;
  /** Wait before answering (a client with a shorter timeout sees a timeout). */
  delayMs?: number;
  /** How many calls it hits (default 1). */
  times?: number;
  /** addInvoice: the invoice is made, but the answer carries no payment url (a malformed answer). */
  withoutUrl?: boolean;
}

export interface SandboxProduct {
  title: string;
  price: number;
  qty: number;
  description?: string;
  isDigital?: boolean;
}

export interface SandboxInvoice {
  transactionNo: string;
  orderNumber: string;
  amount: number;
  callBackUrl: string;
  cancelUrl: string | null;
  clientName: string;
  clientEmail: string | null;
  clientMobile: string;
  products: SandboxProduct[];
  note: string | null;
  orderStatus: string;
  paymentErrors: Array<{ errorCode: string; errorTitle: string; errorMessage: string }>;
  /** What getInvoice reports as the amount (a test switch makes it differ from what was asked). */
  reportedAmount: number;
  createdAt: Date;
  paidAt: Date | null;
}

export interface WebhookConfig {
  url: string;
  /** Paylink sends the headers configured in the merchant portal, e.g. Authorization: Bearer <secret>. */
  headers: Record<string, string>;
}

export interface WebhookDelivery {
  transactionNo: string;
  attempt: number;
  status: number | null;
  error?: string;
  at: Date;
}

export interface SandboxStateOptions {
  /** The sandbox's own public address (where its payment pages live). */
  publicUrl: () => string;
  webhook?: WebhookConfig | null;
  /** Pause between webhook retries (Paylink's interval is undocumented). */
  webhookRetryDelayMs?: number;
  /** Overrides persistToken's 30 min / 30 h, for tests of expiry. */
  tokenLifetimeMs?: number;
  credentials?: { apiId: string; secretKey: string };
  /**
   * Where the invoices are kept (embedded mode: under the data folder), so a restart does not lose an invoice
   * a buyer is about to pay or the app still has to check. Without it they live in memory only (tests).
   */
  storeFile?: string;
}

/** Paylink retries a webhook that did not get a 200 ten more times (§A6). */
export const WEBHOOK_RETRIES = 10;
const MIN_AMOUNT = 5;

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function createSandboxState(options: SandboxStateOptions) {
  const credentials = options.credentials ?? PAYLINK_PUBLIC_TEST_CREDENTIALS;
  const invoices = loadInvoices(options.storeFile);
  const tokens = new Map<string, number>();
  const faults: Array<Required<Pick<SandboxFault, 'times'>> & SandboxFault> = [];
  const calls: Record<SandboxEndpoint, number> = { auth: 0, addInvoice: 0, getInvoice: 0, cancelInvoice: 0 };
  const deliveries: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let webhook: WebhookConfig | null = options.webhook ?? null;
  let closed = false;
  let lastTransaction = Math.max(0, ...[...invoices.keys()].map(Number).filter(Number.isFinite));
  /** Writes every invoice after a change: a few hundred small records at most in a demo, written whole. */
  const save = () => {
    if (!options.storeFile) return;
    mkdirSync(dirname(options.storeFile), { recursive: true });
    const temporary = `${options.storeFile}.tmp`;
    writeFileSync(temporary, JSON.stringify([...invoices.values()]));
    // A crash mid-write leaves the previous file whole.
    renameSync(temporary, options.storeFile);
  };

  const nextTransactionNo = () => {
    // About 13 digits, like Paylink's (e.g. 1707943132122), and never repeated.
    lastTransaction = Math.max(Date.now(), lastTransaction + 1);
    return String(lastTransaction);
  };

  function find(transactionNo: string): SandboxInvoice {
    const invoice = invoices.get(transactionNo);
    if (!invoice) throw new SandboxError(404, 'Not Found', `Invoice ${transactionNo} not found`);
    return invoice;
  }

  async function deliverWebhook(invoice: SandboxInvoice, attempt = 0): Promise<void> {
    const target = webhook;
    if (!target || closed) return;
    const body = {
      amount: invoice.reportedAmount,
      merchantEmail: 'merchant@sandbox.paylink.local',
      transactionNo: invoice.transactionNo,
      merchantOrderNumber: invoice.orderNumber,
      orderStatus: invoice.orderStatus,
    };
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = (e as Error).message;
    }
    deliveries.push({ transactionNo: invoice.transactionNo, attempt, status, ...(error ? { error } : {}), at: new Date() });
    if (status === 200 || attempt >= WEBHOOK_RETRIES || closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliverWebhook(invoice, attempt + 1);
    }, options.webhookRetryDelayMs ?? 2000);
    timer.unref();
    timers.add(timer);
  }

  return {
    credentials,
    invoices,
    calls,
    deliveries,
    publicUrl: options.publicUrl,

    injectFault(fault: SandboxFault) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    clearFaults() {
      faults.length = 0;
    },
    /** Counts the call and returns the fault that applies to it, if any. */
    takeFault(endpoint: SandboxEndpoint): SandboxFault | undefined {
      calls[endpoint]++;
      const index = faults.findIndex((f) => (f.endpoint ?? 'any') === 'any' || f.endpoint === endpoint);
      if (index < 0) return undefined;
      const fault = faults[index] as SandboxFault & { times: number };
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(index, 1);
      return fault;
    },

    authenticate(apiId: unknown, secretKey: unknown, persistToken: unknown): string {
      if (apiId !== credentials.apiId || secretKey !== credentials.secretKey) {
        throw new SandboxError(401, 'Unauthorized', 'Invalid apiId or secretKey');
      }
      // The docs send "false" as a string, the SDKs a boolean: both are accepted (§A2).
      const persist = persistToken === true || persistToken === 'true';
      const lifetime = options.tokenLifetimeMs ?? (persist ? 30 * 3600_000 : 30 * 60_000);
      const now = Date.now();
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({
          sub: apiId,
          iat: Math.floor(now / 1000),
          exp: Math.floor((now + lifetime) / 1000),
          jti: randomBytes(8).toString('hex'),
        }),
      ).toString('base64url');
      const token = `${header}.${payload}.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, now + lifetime);
      return token;
    },
    tokenValid(authorization: string | undefined): boolean {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
      const expiresAt = token ? tokens.get(token) : undefined;
      return expiresAt !== undefined && expiresAt > Date.now();
    },
    /** Every issued token stops working (as if they had all expired). */
    expireTokens() {
      tokens.clear();
    },

    addInvoice(body: Record<string, unknown>): SandboxInvoice {
      const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
      const amount = typeof body.amount === 'number' ? body.amount : Number(body.amount);
      const products = Array.isArray(body.products) ? (body.products as SandboxProduct[]) : [];
      const missing = ['orderNumber', 'callBackUrl', 'clientName', 'clientMobile'].filter((key) => !text(key));
      if (missing.length) throw new SandboxError(400, 'Bad Request', `Missing required fields: ${missing.join(', ')}`);
      if (!Number.isFinite(amount) || amount < MIN_AMOUNT) throw new SandboxError(400, 'Bad Request', 'Minimum invoice amount is 5.00 SAR');
      if (products.length === 0) throw new SandboxError(400, 'Bad Request', 'products is required');
      if ([...invoices.values()].some((i) => i.orderNumber === text('orderNumber'))) {
        throw new SandboxError(400, 'Bad Request', 'orderNumber already used');
      }
      const invoice: SandboxInvoice = {
        transactionNo: nextTransactionNo(),
        orderNumber: text('orderNumber'),
        amount,
        callBackUrl: text('callBackUrl'),
        cancelUrl: text('cancelUrl') || null,
        clientName: text('clientName'),
        clientEmail: text('clientEmail') || null,
        clientMobile: text('clientMobile'),
        products,
        note: text('note') || null,
        orderStatus: 'Pending',
        paymentErrors: [],
        reportedAmount: amount,
        createdAt: new Date(),
        paidAt: null,
      };
      invoices.set(invoice.transactionNo, invoice);
      save();
      return invoice;
    },
    get: find,

    /** The buyer paid (on the page, or later: `redirect` is the page's business). Sends the webhook. */
    pay(transactionNo: string, opts: { amount?: number; webhook?: boolean } = {}): SandboxInvoice {
      const invoice = find(transactionNo);
      if (invoice.orderStatus === 'Canceled') throw new SandboxError(400, 'Bad Request', 'Invoice is canceled');
      if (invoice.orderStatus !== 'Paid') {
        invoice.orderStatus = 'Paid';
        invoice.paymentErrors = [];
        invoice.paidAt = new Date();
        if (opts.amount !== undefined) invoice.reportedAmount = opts.amount;
        save();
        if (opts.webhook !== false) void deliverWebhook(invoice);
      }
      return invoice;
    },
    /** A declined card: the invoice stays Pending with payment errors, as Paylink reports it. */
    decline(transactionNo: string): SandboxInvoice {
      const invoice = find(transactionNo);
      if (invoice.orderStatus === 'Pending') {
        invoice.paymentErrors = [{ errorCode: 'DECLINED', errorTitle: 'Card declined', errorMessage: 'رفض البنك المُصدر العملية' }];
        save();
      }
      return invoice;
    },
    cancel(transactionNo: string): SandboxInvoice {
      const invoice = find(transactionNo);
      if (invoice.orderStatus === 'Paid') throw new SandboxError(400, 'Bad Request', 'Invoice is already paid');
      invoice.orderStatus = 'Canceled';
      save();
      return invoice;
    },
    /** Test switch: make getInvoice report another amount or status than the truth. */
    tamper(transactionNo: string, patch: { amount?: number; orderStatus?: string }): SandboxInvoice {
      const invoice = find(transactionNo);
      if (patch.amount !== undefined) invoice.reportedAmount = patch.amount;
      if (patch.orderStatus !== undefined) invoice.orderStatus = patch.orderStatus;
      save();
      return invoice;
    },

    configureWebhook(config: WebhookConfig | null) {
      webhook = config;
    },
    webhookConfig: () => webhook,

    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type SandboxState = ReturnType<typeof createSandboxState>;

function loadInvoices(storeFile: string | undefined): Map<string, SandboxInvoice> {
  const invoices = new Map<string, SandboxInvoice>();
  if (!storeFile || !existsSync(storeFile)) return invoices;
  const stored = JSON.parse(readFileSync(storeFile, 'utf8')) as Array<SandboxInvoice & { createdAt: string; paidAt: string | null }>;
  for (const invoice of stored) {
    invoices.set(invoice.transactionNo, {
      ...invoice,
      createdAt: new Date(invoice.createdAt),
      paidAt: invoice.paidAt ? new Date(invoice.paidAt) : null,
    });
  }
  return invoices;
}

/** Paylink's invoice answer (same shape for addInvoice and getInvoice, integrations.md §A3). */
export function invoiceAnswer(state: SandboxState, invoice: SandboxInvoice) {
  const base = state.publicUrl();
  return {
    gatewayOrderRequest: {
      orderNumber: invoice.orderNumber,
      amount: invoice.amount,
      callBackUrl: invoice.callBackUrl,
      cancelUrl: invoice.cancelUrl,
      clientName: invoice.clientName,
      clientEmail: invoice.clientEmail,
      clientMobile: invoice.clientMobile,
      currency: 'SAR',
      products: invoice.products,
      note: invoice.note,
    },
    amount: invoice.reportedAmount,
    transactionNo: invoice.transactionNo,
    orderStatus: invoice.orderStatus,
    paymentErrors: invoice.paymentErrors,
    url: `${base}/pay/${invoice.transactionNo}`,
    qrUrl: `${base}/pay/${invoice.transactionNo}?qr=1`,
    mobileUrl: `${base}/pay/${invoice.transactionNo}`,
    checkUrl: `${base}/api/getInvoice/${invoice.transactionNo}`,
    success: true,
    digitalOrder: false,
    foreignCurrencyRate: null,
    paymentReceipt: invoice.paidAt
      ? {
          receiptUrl: `${base}/pay/${invoice.transactionNo}`,
          passcode: invoice.transactionNo.slice(-6),
          paymentMethod: 'MADA',
          paymentDate: invoice.paidAt.toISOString(),
          bankCardNumber: '4242',
        }
      : null,
    metadata: null,
  };
}
