import { hasControlCharacter } from '@sira/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Enough to name the fields of a form; a crafted body with thousands stops here. */
const MOST_NAMED = 20;

/** Where, inside a parsed value, a string (or an object key) holds a control character: 'email', 'features.2'. */
function controlCharacterPaths(value: unknown, path: string, found: string[]): void {
  if (found.length >= MOST_NAMED) return;
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push(path);
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) controlCharacterPaths(item, path ? `${path}.${index}` : String(index), found);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasControlCharacter(key)) found.push(at);
      else controlCharacterPaths(item, at, found);
    }
  }
}

/**
 * The one place where request text meets the rule of `rules/text.ts`: every /api route — ours with their zod
 * schemas, better-auth's behind /api/auth/* without — answers 400 CONTROL_CHARACTERS, naming the fields, when
 * a path parameter, the query string or the JSON body holds a control character (tab, line feed and carriage
 * return are text). It runs before any schema or handler, so a NUL never reaches a query, a rate-limit key or
 * a stored row, where PostgreSQL would refuse it and the caller would get a 500.
 */
export const controlCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const found: string[] = [];
      controlCharacterPaths(request.params, '', found);
      controlCharacterPaths(request.query, '', found);
      controlCharacterPaths(request.body, '', found);
      if (found.length === 0) return;
      request.log.info({ fields: found }, 'request text with control characters refused');
      await reply.status(400).send({ code: 'CONTROL_CHARACTERS', issues: found.map((path) => ({ path, code: 'CONTROL_CHARACTERS' })) });
      return reply;
    });
  },
  { name: 'control-characters' },
);
