import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET, useTestApp } from '../../test-support/app';
import { uniqueEmail } from '../../test-support/auth';
import { TEST_BASE_URL } from '../../test-support/global-setup';
import { linkInMail, startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { buildApp } from '../app';
import { parseEnv } from '../config/env';
import { user } from '../db/schema';
import { createLogger } from '../lib/logger';
import { smtpMailer } from './system-mailer';

/**
 * The system e-mails go through a real SMTP server that, for part of each test, refuses them. A registration
 * still creates the account but says its confirmation e-mail did not leave, and sending it again works once
 * the mail server takes it; a reset request says so too, and may be repeated at once.
 */
const ctx = useTestApp();
let smtp: TestSmtpServer;
let app: FastifyInstance;
let ipCounter = 0;
const freshIp = () => `10.44.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: ctx.db,
    dbKind: ctx.handle.kind,
    publicBaseUrl: TEST_BASE_URL,
    appSecret: TEST_APP_SECRET,
    mailer: smtpMailer(smtp.url, 'Sira <no-reply@sira.example>'),
    logger: false,
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});
beforeEach(() => smtp.refuse(false));

const post = (url: string, payload: object, remoteAddress = freshIp()) => app.inject({ method: 'POST', url, remoteAddress, payload });
const register = (email: string) =>
  post('/api/auth/register', {
    email,
    phone: '0512345678',
    password: 'secret1',
    confirmPassword: 'secret1',
    fullName: 'سارة أحمد',
    acceptTerms: true,
  });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('a confirmation e-mail the mail server refuses', () => {
  it('registration says the account exists but its e-mail did not leave; sending again delivers a working link', async () => {
    const sent = uniqueEmail('delivered');
    const ok = await register(sent);
    expect([ok.statusCode, ok.json()]).toEqual([201, { ok: true, confirmationSent: true }]);
    expect(mailsTo(sent)).toHaveLength(1);

    smtp.refuse(true);
    const email = uniqueEmail('refused');
    const res = await register(email);
    expect([res.statusCode, res.json()]).toEqual([201, { ok: true, confirmationSent: false }]);
    expect(mailsTo(email)).toHaveLength(0);
    const [row] = await ctx.db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.email, email));
    expect(row).toEqual({ confirmed: false });

    // Sending again while the server still refuses: said again, and the next try is not held back a minute.
    const again = await post('/api/auth/confirmation', { email });
    expect([again.statusCode, again.json()]).toEqual([503, { code: 'MAIL_NOT_SENT' }]);

    smtp.refuse(false);
    const resent = await post('/api/auth/confirmation', { email });
    expect([resent.statusCode, resent.json()]).toEqual([200, { ok: true }]);
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    const link = new URL(linkInMail(mail as NonNullable<typeof mail>));
    const confirmed = await app.inject({ url: `${link.pathname}${link.search}` });
    expect([confirmed.statusCode, confirmed.headers.location]).toEqual([302, '/login?confirmed=1']);
    const [after] = await ctx.db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.email, email));
    expect(after).toEqual({ confirmed: true });
  });

  it('sending again is limited to once a minute per address, and says nothing about unknown or confirmed ones', async () => {
    const email = uniqueEmail('limited');
    expect((await register(email)).statusCode).toBe(201);
    expect((await post('/api/auth/confirmation', { email })).statusCode).toBe(200);
    const second = await post('/api/auth/confirmation', { email });
    expect([second.statusCode, second.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(mailsTo(email)).toHaveLength(2);

    const nobody = uniqueEmail('nobody');
    expect((await post('/api/auth/confirmation', { email: nobody })).json()).toEqual({ ok: true });
    expect(mailsTo(nobody)).toHaveLength(0);
    expect((await post('/api/auth/confirmation', { email: 'not-an-address' })).json().code).toBe('INVALID_EMAIL');
  });

  it('signing in before confirming says whether the fresh link left', async () => {
    const email = uniqueEmail('signin');
    expect((await register(email)).statusCode).toBe(201);
    smtp.refuse(true);
    const refused = await post('/api/auth/sign-in', { email, password: 'secret1' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'CONFIRMATION_NOT_SENT']);
    smtp.refuse(false);
    const sent = await post('/api/auth/sign-in', { email, password: 'secret1' });
    expect([sent.statusCode, sent.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
    expect(mailsTo(email)).toHaveLength(2);
  });
});

describe('a reset e-mail the mail server refuses', () => {
  it('the request says it did not leave, and asking again at once sends it', async () => {
    const email = uniqueEmail('reset');
    expect((await register(email)).statusCode).toBe(201);
    smtp.refuse(true);
    const refused = await post('/api/auth/password-reset', { email });
    expect([refused.statusCode, refused.json()]).toEqual([503, { code: 'MAIL_NOT_SENT' }]);
    smtp.refuse(false);
    const sent = await post('/api/auth/password-reset', { email });
    expect([sent.statusCode, sent.json()]).toEqual([200, { ok: true }]);
    expect(mailsTo(email).filter((m) => linkInMail(m).includes('/reset-password/'))).toHaveLength(1);
    // Delivered, the minute's limit holds as before.
    expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(429);
  });
});

describe('the mail server checked at start', () => {
  async function startedWith(smtpUrl: string) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const started = await buildApp({
      env: parseEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused/sira',
        APP_SECRET: 'p'.repeat(40),
        PUBLIC_BASE_URL: 'https://sira.example',
        SMTP_URL: smtpUrl,
        SMTP_FROM: 'no-reply@sira.example',
      }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'https://sira.example',
      appSecret: 'p'.repeat(40),
      logger: createLogger('info', stream),
    });
    await started.ready();
    return { app: started, lines };
  }

  const waitForLine = async (lines: string[], pattern: RegExp) => {
    for (let i = 0; i < 100 && !lines.some((l) => pattern.test(l)); i++) await new Promise((r) => setTimeout(r, 50));
    return lines.find((l) => pattern.test(l));
  };

  it('logs that it answered', async () => {
    const { app: started, lines } = await startedWith(smtp.url);
    try {
      const line = await waitForLine(lines, /SMTP server/);
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 30, msg: 'SMTP server answered: system e-mails can be sent' });
    } finally {
      await started.close();
    }
  });

  it('warns when it cannot be reached, and starts all the same', async () => {
    const { app: started, lines } = await startedWith('smtp://127.0.0.1:1');
    try {
      const line = await waitForLine(lines, /SMTP server/);
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40, err: { code: 'ESOCKET' } });
      expect((await started.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await started.close();
    }
  });
});
