import { createHash } from 'node:crypto';

/**
 * Paylink's REST API (integrations.md §A2–A4): auth, addInvoice, getInvoice, cancelInvoice. The same code
 * talks to Paylink and to the loopback sandbox; only the base URL differs. Every call has a timeout, the
 * token is cached until shortly before it expires, and a 401 gets one fresh token and one retry.
 */
export interface PaylinkCredentials {
  baseUrl: string;
  apiId: string;
  secretKey: string;
}

export interface PaylinkProduct {
  title: string;
  price: number;
  qty: number;
  description?: string;
  isDigital: boolean;
}

export interface AddInvoiceRequest {
  orderNumber: string;
  amount: number;
  callBackUrl: string;
  cancelUrl: string;
  clientName: string;
  clientEmail: string;
  clientMobile: string;
  products: PaylinkProduct[];
  note?: string;
}

/** The fields of Paylink's invoice answer that Sira reads (same shape for addInvoice and getInvoice). */
export interface PaylinkInvoice {
  transactionNo: string;
  orderStatus: string;
  amount: number;
  url: string | null;
  paymentErrors: unknown[];
  success: boolean;
}

/** A failed call: `status` is the HTTP status, or null when Paylink could not be reached or timed out. */
export class PaylinkError extends Error {
  constructor(
    readonly status: number | null,
    readonly detail: string,
  ) {
    super(`paylink ${status ?? 'unreachable'}: ${detail}`);
    this.name = 'PaylinkError';
  }
}

export interface PaylinkClient {
  addInvoice(request: AddInvoiceRequest): Promise<PaylinkInvoice>;
  getInvoice(transactionNo: string): Promise<PaylinkInvoice>;
  cancelInvoice(transactionNo: string): Promise<boolean>;
}

export interface PaylinkClientOptions {
  /** Per request; official clients use 10–60 s (integrations.md §A7). */
  timeoutMs?: number;
  now?: () => number;
}

/** persistToken=false gives a 30-minute token (§A2); it is renewed a minute early so no call races its expiry. */
const TOKEN_LIFETIME_MS = 30 * 60_000;
const TOKEN_MARGIN_MS = 60_000;

/** The JWT's own `exp` when it has one; Paylink's id_token is a JWT. */
function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Paylink's error bodies carry `detail`, then `title`, then `error` (§A4, as the official SDKs read them). */
function errorDetail(body: unknown, fallback: string): string {
  const b = (body ?? {}) as Record<string, unknown>;
  for (const key of ['detail', 'title', 'error']) if (typeof b[key] === 'string' && b[key]) return b[key] as string;
  return fallback;
}

function toInvoice(body: unknown): PaylinkInvoice {
  const b = (body ?? {}) as Record<string, unknown>;
  const transactionNo = b.transactionNo;
  if ((typeof transactionNo !== 'string' && typeof transactionNo !== 'number') || String(transactionNo) === '') {
    throw new PaylinkError(200, 'answer without transactionNo');
  }
  const amount = typeof b.amount === 'number' ? b.amount : Number(b.amount);
  return {
    transactionNo: String(transactionNo),
    orderStatus: typeof b.orderStatus === 'string' ? b.orderStatus : '',
    amount: Number.isFinite(amount) ? amount : Number.NaN,
    url: typeof b.url === 'string' ? b.url : null,
    paymentErrors: Array.isArray(b.paymentErrors) ? b.paymentErrors : [],
    success: b.success === true || b.success === 'true',
  };
}

/** Why a connection test failed: Paylink refused the keys, or could not be reached (network, timeout, 5xx). */
export type PaylinkCheckOutcome = 'accepted' | 'refused' | 'unreachable';

/**
 * The administrator's "test connection": one `/api/auth` call with these keys, nothing cached. Paylink answers
 * 401 to keys it does not know (§A2); anything else that is not a token says nothing about the keys.
 */
export async function checkPaylinkCredentials(
  credentials: PaylinkCredentials,
  options: PaylinkClientOptions = {},
): Promise<{ outcome: PaylinkCheckOutcome; status: number | null }> {
  try {
    await createPaylinkClient(credentials, options).authenticate();
    return { outcome: 'accepted', status: 200 };
  } catch (error) {
    if (!(error instanceof PaylinkError)) throw error;
    // 4xx but a rate limit: the keys (or the apiId's form) were refused. No answer, or 5xx: the gateway is out of reach.
    const refused = error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
    return { outcome: refused ? 'refused' : 'unreachable', status: error.status };
  }
}

export function createPaylinkClient(
  credentials: PaylinkCredentials,
  options: PaylinkClientOptions = {},
): PaylinkClient & { authenticate(): Promise<string> } {
  const base = credentials.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | undefined;
  // Concurrent callers share one auth request instead of each fetching a token.
  let authenticating: Promise<string> | undefined;

  async function request(method: 'GET' | 'POST', path: string, body: unknown, bearer?: string) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new PaylinkError(null, timedOut ? `timed out after ${timeoutMs} ms` : String((error as Error).message));
    }
    const parsed: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body: parsed };
  }

  async function authenticate(): Promise<string> {
    const { status, body } = await request('POST', '/api/auth', {
      apiId: credentials.apiId,
      secretKey: credentials.secretKey,
      persistToken: false,
    });
    const idToken = (body as { id_token?: unknown } | undefined)?.id_token;
    if (status !== 200 || typeof idToken !== 'string' || !idToken) {
      throw new PaylinkError(status, errorDetail(body, 'authentication failed'));
    }
    const expiresAt = Math.min(jwtExpiry(idToken) ?? Number.POSITIVE_INFINITY, now() + TOKEN_LIFETIME_MS);
    token = { value: idToken, expiresAt };
    return idToken;
  }

  async function currentToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > now()) return token.value;
    authenticating ??= authenticate().finally(() => {
      authenticating = undefined;
    });
    return authenticating;
  }

  /** One authenticated call; a 401 drops the cached token, gets a new one and tries once more. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const first = await currentToken();
    let answer = await request(method, path, body, first);
    if (answer.status === 401) {
      if (token?.value === first) token = undefined;
      answer = await request(method, path, body, await currentToken());
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new PaylinkError(answer.status, errorDetail(answer.body, `HTTP ${answer.status}`));
    }
    return answer.body;
  }

  return {
    authenticate,
    async addInvoice(req) {
      return toInvoice(await call('POST', '/api/addInvoice', req));
    },
    async getInvoice(transactionNo) {
      return toInvoice(await call('GET', `/api/getInvoice/${encodeURIComponent(transactionNo)}`));
    },
    async cancelInvoice(transactionNo) {
      const body = (await call('POST', '/api/cancelInvoice', { transactionNo })) as { success?: unknown } | undefined;
      // The PHP SDK compares with the string 'true'; accept both forms (§A4).
      return body?.success === true || body?.success === 'true';
    },
  };
}

/**
 * One client per set of credentials, so the token cache survives across requests; a changed key or address
 * (admin saved new settings) simply gets a new client.
 */
export function createPaylinkClientCache(options: PaylinkClientOptions = {}) {
  const clients = new Map<string, PaylinkClient>();
  return {
    clientFor(credentials: PaylinkCredentials): PaylinkClient {
      const key = createHash('sha256').update(`${credentials.baseUrl}\n${credentials.apiId}\n${credentials.secretKey}`).digest('base64url');
      let client = clients.get(key);
      if (!client) {
        if (clients.size > 16) clients.clear();
        client = createPaylinkClient(credentials, options);
        clients.set(key, client);
      }
      return client;
    },
  };
}
export type PaylinkClientCache = ReturnType<typeof createPaylinkClientCache>;
