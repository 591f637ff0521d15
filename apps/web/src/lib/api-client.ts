import { type ApiError, messageForCode } from '@sira/shared';
import type { AnswerOf, CallInput, Endpoint, ParamsOf, QueryOf } from '@sira/shared/contract';

/** An API call that failed: the server's error code, and the Arabic text for it. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly issues: ApiError['issues'] = undefined,
  ) {
    super(messageForCode(code));
    this.name = 'ApiRequestError';
  }
}

type Address<E extends Endpoint> = { params?: ParamsOf<E>; query?: QueryOf<E> };

/**
 * The address of a contract entry (packages/shared/src/contract) with its path parameters and query filled in:
 * what `call` fetches, and what the routes that are not JSON (uploads, downloads, live events) are reached by.
 */
export function hrefOf<E extends Endpoint>(endpoint: E, { params, query }: Address<E> = {}): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type CallArgs<E extends Endpoint> = Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls a JSON route of the contract: `call(contract.sending.targets)`,
 * `call(contract.companies.update, { params: { id }, body })`. The answer is typed by the entry's schema.
 */
export function call<const E extends Endpoint & { kind: 'json' }>(endpoint: E, ...[input]: CallArgs<E>): Promise<AnswerOf<E>> {
  const { body } = (input ?? {}) as { body?: unknown };
  return request<AnswerOf<E>>(hrefOf(endpoint, (input ?? {}) as Address<E>), {
    method: endpoint.method,
    ...(body !== undefined ? { json: body } : {}),
  });
}

/** Sends a multipart body to an upload route of the contract; the answer is typed by the entry's schema. */
export const upload = <const E extends Endpoint & { kind: 'upload' }>(endpoint: E, form: FormData): Promise<AnswerOf<E>> =>
  request<AnswerOf<E>>(hrefOf(endpoint), { method: endpoint.method, body: form });

/**
 * fetch for our own API: same-origin cookies, JSON in and out, errors as ApiRequestError. It never shows
 * toasts or redirects by itself; callers decide what the user sees.
 */
async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.code ?? 'INTERNAL', error.issues);
  }
  return body as T;
}
