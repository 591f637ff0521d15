import type { Endpoint } from '@sira/shared/contract';
import { onTestFinished, vi } from 'vitest';
import { hrefOf } from '~/lib/api-client';

/** A shared zod schema, or anything with `parse`: answers are checked against it before the page sees them. */
interface Schema<T> {
  parse: (value: unknown) => T;
}

/** The server's answer to one request: a body checked by its schema, or an error code with a status. */
export interface Reply {
  status?: number;
  body?: unknown;
}

/** A route's answer: always the same, or made from the request. */
export type Answer = Reply | ((request: ApiRequest) => Reply | Promise<Reply>);

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A 200 answer whose body is what the schema makes of `value`, so a test cannot feed the page a shape the server never sends. */
export const ok = <T>(schema: Schema<T>, value: T, status = 200): Reply => ({ status, body: schema.parse(value) });

/** The server's refusal: `{ code }` with its status. */
export const refused = (status: number, code: string): Reply => ({ status, body: { code } });

/** The stub's key for a contract entry, `"METHOD /path"` with its path parameters filled: no address by hand. */
export const on = (entry: Endpoint, params?: Record<string, string>): string =>
  `${entry.method} ${hrefOf(entry, (params ? { params } : {}) as Parameters<typeof hrefOf>[1])}`;

/**
 * Stands in for the server behind `fetch`: each `"METHOD /path"` key answers those requests (the query string
 * aside). A request no route expects fails the test (when it ends: the page itself only sees a 501). Returns
 * the requests made, to check what was sent.
 */
export function stubApi(routes: Record<string, Answer>) {
  const requests: ApiRequest[] = [];
  const unexpected: string[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0) throw new Error(`Requests no answer was given for: ${unexpected.join(', ')}`);
  });
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: ApiRequest = { method, path: url.pathname, query: url.searchParams, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) unexpected.push(`${method} ${url.pathname}`);
    const answer = !route ? refused(501, 'INTERNAL') : typeof route === 'function' ? await route(request) : route;
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}
