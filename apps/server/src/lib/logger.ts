import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Single-use secrets that travel in URLs — the password-reset token in its link and the API that checks it,
 * e-mail confirmation and OAuth callback parameters, a company's opt-out link, an e-mail change's undo link —
 * cut out of a logged URL. Whoever reads the logs could otherwise reset that user's password within the hour.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(reset-password|password-reset|opt-out|email-change-undo)\/[^/?#]+/g, '/$1/[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

const REDACTED = '[redacted]';

/**
 * Values that may sit inside an error's text: the bound parameters Drizzle appends to a failed query's message
 * ("params: <session token>"), and the row values PostgreSQL quotes in a constraint error ("Key (token)=(…)").
 */
export function scrubText(text: string): string {
  return text.replace(/(\bparams: )[^\n]*/g, `$1${REDACTED}`).replace(/(\bKey \([^)]*\)=\()[^\n]*?(\) )/g, `$1${REDACTED}$2`);
}

/** Field names whose values are never logged, at any depth: passwords, tokens, cookies, keys, query parameters. */
const SECRET_KEY = /pass(word|wd)|secret|token|cookie|authorization|api[-_]?key|^params$/i;

const MAX_DEPTH = 6;

/**
 * An error as a log field, without what could hold a secret: a failed query's parameters are dropped (its
 * message and stack repeat them, so both are rebuilt), other text is scrubbed, and causes follow the same rule.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === 'string' ? scrubText(error) : scrubValue(error, depth + 1) };
  const failedQuery = 'query' in error && 'params' in error;
  const message = failedQuery ? `Failed query: ${String((error as { query: unknown }).query)}` : scrubText(error.message);
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message };
  if (error.stack) {
    const head = `${error.name}: ${error.message}`;
    out.stack = error.stack.startsWith(head)
      ? `${error.name}: ${message}${scrubText(error.stack.slice(head.length))}`
      : scrubText(error.stack);
  }
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'errors' || key === 'query' || value === undefined) continue;
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(value, depth + 1);
  }
  if (failedQuery) out.query = (error as { query: unknown }).query;
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_DEPTH) out.errors = error.errors.map((e) => serializeError(e, depth + 1));
  return out;
}

/** A log field with secret-named keys censored and errors serialised, however deep they sit. */
function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  // Requests, replies, buffers, dates: objects with their own serialisers or JSON form are left to them.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(item, depth + 1);
  return out;
}

/** One request as its log line names it: the client's address (TRUST_PROXY applied) and the URL without secrets. */
function serializeRequest(req: FastifyRequest | { method?: string; url?: string }) {
  const request = req as Partial<FastifyRequest>;
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    ip: request.ip,
  };
}

/** Takes the errors of a known cause whose records belong at debug: lib/database-outage.ts, for the database's. */
export interface FailureSink {
  absorb(error: unknown): boolean;
}

const WARN = 40;
const FATAL = 60;

/**
 * Log options shared by the server and the worker: JSON lines (pino) in which nothing that could carry a
 * secret appears — cookies, authorisation headers, passwords, tokens, keys and failed queries' parameters are
 * censored wherever they sit in a record, and errors are serialised without them.
 *
 * With `failures`, a warn or error record whose `err` the sink absorbs (the database out of reach) is written
 * at debug: wherever it was logged — a request, better-auth, a worker pass — the outage tracker has it, and
 * says the outage once for the whole process.
 */
export function loggerOptions(level: string, failures?: FailureSink): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-paylink-webhook-secret"]', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    hooks: {
      // The message too: pino takes an error's own message when none is given, and that of a failed query ends
      // with its parameters.
      logMethod(args, method, level) {
        const [first, ...rest] = args as unknown[];
        const fields = first instanceof Error ? { err: first } : typeof first === 'object' && first !== null ? first : undefined;
        const err = (fields as { err?: unknown } | undefined)?.err;
        if (failures && level >= WARN && level < FATAL && err !== undefined && failures.absorb(err)) {
          this.debug(...args);
          return;
        }
        let message = fields === undefined ? (args as unknown[]) : rest;
        if (message.length === 0 && err instanceof Error) message = [serializeError(err).message];
        const scrubbed = message.map((part) => (typeof part === 'string' ? scrubText(part) : part));
        return method.apply(this, (fields === undefined ? scrubbed : [fields, ...scrubbed]) as Parameters<typeof method>);
      },
    },
    formatters: {
      // Runs before the serialisers, on the whole record: errors under any key, and secret-named fields at any depth.
      log: (record) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(record)) {
          if (key === 'req' || key === 'res') out[key] = value;
          else if (key === 'err') out[key] = value instanceof Error ? value : scrubValue(value, 0);
          else out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(value, 0);
        }
        return out;
      },
    },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: serializeRequest,
      res: (reply: FastifyReply | { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** The process's logger: JSON lines on stdout (or `destination`, for tests). */
export function createLogger(level: string, destination?: DestinationStream, failures?: FailureSink): Logger {
  return destination ? pino(loggerOptions(level, failures), destination) : pino(loggerOptions(level, failures));
}

type LevelLogger = Pick<Logger, 'error' | 'warn' | 'info' | 'debug'>;

/**
 * better-auth's logger, pointed at ours: its default writes coloured text with the raw error — a failed
 * session lookup printed the session token it had looked for (the query's parameters) on every request.
 * `onError` sees each error it logs (the errors it does not pass on to its caller).
 */
export function betterAuthLogger(log: LevelLogger, onError: (error: unknown) => void = () => undefined) {
  return {
    level: 'warn' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const error = args.find((arg) => arg instanceof Error);
      if (error) onError(error);
      const details = args.filter((arg) => arg !== error);
      const record: Record<string, unknown> = { source: 'better-auth' };
      if (error) record.err = error;
      if (details.length) record.details = details;
      log[level](record, scrubText(String(message)));
    },
  };
}
