import { type ApiError, messageForCode } from '@sira/shared';

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

/**
 * fetch for our own API: same-origin cookies, JSON in and out, errors as ApiRequestError. It never shows
 * toasts or redirects by itself; callers decide what the user sees.
 */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
