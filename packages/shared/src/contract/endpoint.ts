import type { z } from 'zod';
import type * as schemas from './schemas';

/**
 * One route of the API as both sides know it: method, path and the schemas of its parameters, query, body and
 * answer. The schemas are named, not imported: the server looks them up in ./schemas, the web takes only their
 * types, so a page that calls the API carries no zod (ADR 011).
 */

type Schemas = typeof schemas;

/** The name of a zod schema exported by packages/shared/src/schemas. */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

type SchemaNamed<N> = N extends SchemaName ? Schemas[N] : never;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route is used. `json`: JSON in and out, through the web's `call`. The others the browser reaches by
 * address: `upload` (a multipart body), `download` (a file), `events` (server-sent events), `redirect` (a
 * navigation the server answers with a redirect), `webhook` (called by another service, never by the web).
 */
export type EndpointKind = 'json' | 'upload' | 'download' | 'events' | 'redirect' | 'webhook';

export interface EndpointOptions {
  readonly params?: SchemaName;
  readonly query?: SchemaName;
  readonly body?: SchemaName;
  /** Status → the answer's schema. None for a 204 or an answer that is not JSON. */
  readonly response?: { readonly [status: number]: SchemaName };
  readonly kind?: EndpointKind;
  /** Answered by better-auth behind its catch-all route (auth.routes.ts), not by a route of Sira's own. */
  readonly servedBy?: 'better-auth';
}

export interface Endpoint extends EndpointOptions {
  readonly method: Method;
  readonly path: string;
  readonly kind: EndpointKind;
}

type KindOf<O extends EndpointOptions> = O['kind'] extends EndpointKind ? O['kind'] : 'json';

/** A contract entry: `endpoint('GET', '/api/sending/targets', { response: { 200: 'sendTargetsSchema' } })`. */
export const endpoint = <const M extends Method, const P extends string, const O extends EndpointOptions = Record<never, never>>(
  method: M,
  path: P,
  options?: O,
): { readonly method: M; readonly path: P; readonly kind: KindOf<O> } & O =>
  ({ ...options, method, path, kind: options?.kind ?? 'json' }) as { readonly method: M; readonly path: P; readonly kind: KindOf<O> } & O;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters a caller gives: the params schema's input, else one string per `:name` of the path. */
export type ParamsOf<E extends Endpoint> = E['params'] extends SchemaName
  ? z.input<SchemaNamed<E['params']>>
  : [PathParamNames<E['path']>] extends [never]
    ? never
    : { [K in PathParamNames<E['path']>]: string };

/** The query a caller gives: any of the values the server's schema reads. */
export type QueryOf<E extends Endpoint> = E['query'] extends SchemaName
  ? { [K in keyof z.output<SchemaNamed<E['query']>>]?: z.output<SchemaNamed<E['query']>>[K] | null }
  : never;

export type BodyOf<E extends Endpoint> = E['body'] extends SchemaName ? z.input<SchemaNamed<E['body']>> : never;

/** What a successful call answers: the answer schemas' output, or nothing for a 204. */
export type AnswerOf<E extends Endpoint> = E['response'] extends { readonly [status: number]: SchemaName }
  ? z.output<SchemaNamed<E['response'][keyof E['response']]>>
  : undefined;

/** A key the caller must give, may give (everything in it optional), or has none of. */
type Part<Name extends string, T> = [T] extends [never]
  ? unknown
  : Record<string, never> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What `call` takes besides the entry: the path parameters, the query and the body it has. */
export type CallInput<E extends Endpoint> = Part<'params', ParamsOf<E>> & Part<'query', QueryOf<E>> & Part<'body', BodyOf<E>>;
