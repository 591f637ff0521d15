import { hasControlCharacter } from '@sira/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Enough to name the fields of a form; a crafted body with thousands stops here. */
const MOST_NAMED = 20;

/**
 * How many arrays and objects a request's JSON may nest, one inside the other. Sira's deepest body is three
 * levels; a body nested thousands deep (36 KB of brackets) only exists to exhaust the stack of whatever walks
 * it — this walk, a schema, better-auth's re-serialising — and is refused before any of them sees it.
 */
const MOST_NESTED = 64;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  /** An object key holding a control character: the field is named and its value not walked. */
  badKey?: true;
}

type Inspection = { tooDeep: true } | { tooDeep: false; fields: string[] };

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Walks parsed request values without recursion (a stack of its own, in document order): whether they nest
 * deeper than MOST_NESTED, else where a string or an object key holds a control character ('email',
 * 'features.2').
 */
function inspect(values: unknown[]): Inspection {
  const fields: string[] = [];
  const stack: Pending[] = values.map((value) => ({ value, path: '', depth: 0 })).reverse();
  while (stack.length > 0 && fields.length < MOST_NAMED) {
    const { value, path, depth, badKey } = stack.pop() as Pending;
    if (badKey) fields.push(path);
    else if (typeof value === 'string') {
      if (hasControlCharacter(value)) fields.push(path);
    } else if (value && typeof value === 'object') {
      if (depth >= MOST_NESTED) return { tooDeep: true };
      const entries: Array<[string | number, unknown]> = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string | number, unknown];
        const child: Pending = { value: item, path: at(path, key), depth: depth + 1 };
        if (typeof key === 'string' && hasControlCharacter(key)) child.badKey = true;
        stack.push(child);
      }
    }
  }
  return { tooDeep: false, fields };
}

/**
 * The one place where request text meets the rule of `rules/text.ts`: every /api route — ours with their zod
 * schemas, better-auth's behind /api/auth/* without — answers 400 CONTROL_CHARACTERS, naming the fields, when
 * a path parameter, the query string or the JSON body holds a control character (tab, line feed and carriage
 * return are text; single-line fields refuse them in their schemas, `singleLineText`). It runs before any
 * schema or handler, so a NUL never reaches a query, a rate-limit key or a stored row, where PostgreSQL would
 * refuse it and the caller would get a 500. A body nested deeper than MOST_NESTED is refused first, 400
 * JSON_TOO_DEEP. (Fastify's JSON parser is not at risk: V8's JSON.parse and secure-json-parse's prototype scan
 * both work without recursion.)
 */
export const controlCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const inspection = inspect([request.params, request.query, request.body]);
      if (inspection.tooDeep) {
        request.log.info('request JSON nested too deep refused');
        await reply.status(400).send({ code: 'JSON_TOO_DEEP' });
        return reply;
      }
      const found = inspection.fields;
      if (found.length === 0) return;
      request.log.info({ fields: found }, 'request text with control characters refused');
      await reply.status(400).send({ code: 'CONTROL_CHARACTERS', issues: found.map((path) => ({ path, code: 'CONTROL_CHARACTERS' })) });
      return reply;
    });
  },
  { name: 'control-characters' },
);
