import type { Endpoint, SchemaName } from '@sira/shared/contract';
import * as schemas from '@sira/shared/contract/schemas';

type Schemas = typeof schemas;
/** The schemas by name, as the contract names them. */
const named: Readonly<Record<string, unknown>> = schemas;
type SchemaNamed<N> = N extends SchemaName ? Schemas[N] : undefined;

/** The Fastify route schema of a contract entry, typed, so the type provider types the handler's request and answer. */
type RouteSchemaOf<E extends Endpoint> = {
  params: SchemaNamed<E['params']>;
  querystring: SchemaNamed<E['query']>;
  body: SchemaNamed<E['body']>;
  response: E['response'] extends object ? { [Status in keyof E['response']]: SchemaNamed<E['response'][Status]> } : undefined;
};

/**
 * Method, address and schemas of a route, from its contract entry (packages/shared/src/contract):
 * `app.route({ ...endpoint(contract.sending.targets), handler })`. The route's own options (access, limits,
 * hooks) stay beside the handler.
 */
export function endpoint<const E extends Endpoint>(entry: E): { method: E['method']; url: E['path']; schema: RouteSchemaOf<E> } {
  const schema: Record<string, unknown> = {};
  if (entry.params) schema.params = named[entry.params];
  if (entry.query) schema.querystring = named[entry.query];
  if (entry.body) schema.body = named[entry.body];
  if (entry.response) {
    schema.response = Object.fromEntries(Object.entries(entry.response).map(([status, name]) => [status, named[name]]));
  }
  return { method: entry.method, url: entry.path, schema: schema as RouteSchemaOf<E> };
}
