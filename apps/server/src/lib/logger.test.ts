import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/db';
import type { TrustProxy } from '../config/env';
import { session } from '../db/schema';
import { requestLogPlugin } from '../plugins/request-log';
import { betterAuthLogger, createLogger, loggerOptions, redactUrl } from './logger';
import { requestIdGenerator } from './request-id';

describe('log redaction', () => {
  it('cuts reset tokens and confirmation/OAuth parameters out of URLs, and nothing else', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/auth/password-reset/abc123')).toBe('/api/auth/password-reset/[redacted]');
    expect(redactUrl('/api/users/email-change-undo/AQ2x_-9')).toBe('/api/users/email-change-undo/[redacted]');
    expect(redactUrl('/email-change-undo/AQ2x_-9')).toBe('/email-change-undo/[redacted]');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Flogin')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Flogin',
    );
    expect(redactUrl('/api/mailbox/callback?state=s1&code=c2')).toBe('/api/mailbox/callback?state=[redacted]&code=[redacted]');
    expect(redactUrl('/api/companies?page=2')).toBe('/api/companies?page=2');
  });

  it('a real server’s request log line carries no reset token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/api/auth/password-reset/:token', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/auth/password-reset/s3cr3t-token-value' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/auth/password-reset/[redacted]');
    expect(logged).not.toContain('s3cr3t-token-value');
  });
});

/** A logger writing into an array, one parsed record per line. */
function capture(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger(level, stream), lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('errors and secrets in log records', () => {
  it('a failed session lookup logs neither the token it looked for nor any other query parameter', async () => {
    const handle = await createTestDatabase();
    const token = `tok-${randomUUID()}`;
    // A lookup while the database is gone (closed here): Drizzle's error repeats the parameters in its message.
    await handle.close();
    const failure = await handle.db
      .select()
      .from(session)
      .where(eq(session.token, token))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((failure as Error).message)).toContain(token);

    const { log, lines } = capture();
    log.error({ err: failure }, 'lookup failed');
    log.error(failure);
    log.warn({ error: failure, nested: { deeper: [failure] } }, 'as other fields');
    log.error(`while signing in: ${(failure as Error).message}`);
    betterAuthLogger(log).log('error', 'INTERNAL_SERVER_ERROR', failure);
    betterAuthLogger(log).log('error', `Failed: ${(failure as Error).message}`, { token });
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line).not.toContain(token);
    // What an operator needs is still there: which query, and why it failed.
    expect(lines[0]).toContain('Failed query: select');
    expect(lines[0]).toMatch(/PGlite is closed|after calling end on the pool/);
  });

  it('censors passwords, tokens, cookies and keys at any depth, and leaves other fields alone', () => {
    const { log, records } = capture();
    log.info(
      {
        profileId: 'p1',
        body: { email: 'a@b.example', password: 'pw-1', settings: { secretKey: 'sk-2', client_secret: 'cs-3', note: 'kept' } },
        headers: { cookie: 'better-auth.session_token=abc', authorization: 'Bearer xyz' },
        refresh_token: 'rt-4',
      },
      'saved',
    );
    const [record] = records();
    expect(JSON.stringify(record)).not.toMatch(/pw-1|sk-2|cs-3|abc|xyz|rt-4/);
    expect(record).toMatchObject({ profileId: 'p1', body: { email: 'a@b.example', settings: { note: 'kept' } } });
  });

  it('a constraint error keeps its column names, not the values it quotes', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "session_token_unique"'), {
      code: '23505',
      detail: 'Key (token)=(the-session-token) already exists.',
    });
    const { log, lines } = capture();
    log.error({ err: error }, 'insert failed');
    expect(lines[0]).not.toContain('the-session-token');
    expect(lines[0]).toContain('Key (token)=([redacted]) already exists.');
  });
});

describe('request lines', () => {
  async function appLoggingTo(trustProxy: TrustProxy) {
    const out = capture();
    const app = Fastify({
      loggerInstance: out.log,
      genReqId: requestIdGenerator(trustProxy),
      logController: new LogController({ disableRequestLogging: true }),
      trustProxy: trustProxy || false,
    });
    await app.register(requestLogPlugin);
    app.get('/api/auth/password-reset/:token', async () => ({ ok: true }));
    return { app, ...out };
  }

  it('name the client address (X-Forwarded-For from a trusted proxy), a unique id echoed to the client, and no secret in the URL', async () => {
    const one = await appLoggingTo('loopback, linklocal, uniquelocal');
    const other = await appLoggingTo('loopback, linklocal, uniquelocal');
    const res = await one.app.inject({
      url: '/api/auth/password-reset/s3cr3t',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    await other.app.inject({ url: '/api/auth/password-reset/s3cr3t', remoteAddress: '10.0.0.2' });
    await one.app.close();
    await other.app.close();
    const [line] = one.records().filter((r) => r.msg === 'request completed');
    const [otherLine] = other.records().filter((r) => r.msg === 'request completed');
    expect(line).toMatchObject({
      req: { method: 'GET', url: '/api/auth/password-reset/[redacted]', ip: '203.0.113.9' },
      res: { statusCode: 200 },
    });
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(line?.reqId);
    // Two servers, each on its first request: Fastify's default ids would both be req-1.
    expect(otherLine?.reqId).not.toBe(line?.reqId);
    expect(one.lines.join('\n')).not.toContain('s3cr3t');
  });

  it("keep a trusted proxy's well-formed X-Request-Id, and ignore a client's own or a malformed one", async () => {
    const { app, records } = await appLoggingTo('loopback, linklocal, uniquelocal');
    const ids: unknown[] = [];
    for (const [remoteAddress, id] of [
      ['10.0.0.2', 'lb-7f3a9c21-0001'],
      ['203.0.113.9', 'forged-id-0000001'],
      ['10.0.0.2', 'bad id\nwith "newline"'],
      ['10.0.0.2', 'short'],
    ] as const) {
      const res = await app.inject({ url: '/api/auth/password-reset/x', remoteAddress, headers: { 'x-request-id': id } });
      ids.push(res.headers['x-request-id']);
    }
    await app.close();
    expect(ids[0]).toBe('lb-7f3a9c21-0001');
    for (const id of ids.slice(1)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      records()
        .filter((r) => r.msg === 'request completed')
        .map((r) => r.reqId),
    ).toEqual(ids);
  });

  it("leave a health probe's success to the debug level, and log its failure", async () => {
    const { app, records } = await appLoggingTo(false);
    let ready = true;
    app.get('/readyz', async (_request, reply) => (ready ? { status: 'ready' } : reply.status(503).send({ code: 'NOT_READY' })));
    await app.inject({ url: '/readyz' });
    ready = false;
    await app.inject({ url: '/readyz' });
    await app.close();
    expect(
      records()
        .filter((r) => r.msg === 'request completed')
        .map((r) => (r.res as { statusCode: number }).statusCode),
    ).toEqual([503]);
  });

  it('trust no proxy when TRUST_PROXY is off: the connection is the client', async () => {
    const { app, records } = await appLoggingTo(false);
    const res = await app.inject({
      url: '/api/auth/password-reset/x',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001', 'x-forwarded-for': '1.2.3.4' },
    });
    await app.close();
    expect(res.headers['x-request-id']).not.toBe('lb-7f3a9c21-0001');
    expect(records().find((r) => r.msg === 'request completed')?.req).toMatchObject({ ip: '10.0.0.2' });
  });
});
