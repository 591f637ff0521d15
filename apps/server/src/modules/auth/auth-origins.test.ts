import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionTestEnv, useTestApp } from '../../../test-support/app';
import { cookieHeader, uniqueEmail } from '../../../test-support/auth';
import { buildApp } from '../../app';
import { type Env, parseEnv } from '../../config/env';
import type { SystemMail } from '../../mail/system-mailer';

/**
 * Every account action works on every address the server answers, and only there: in embedded mode on
 * localhost, IP addresses and PUBLIC_BASE_URL's host; in production on PUBLIC_BASE_URL and ALLOWED_ORIGINS.
 * The security plugin and better-auth decide with one rule, so neither refuses what the other let through
 * (a sign-out refused by better-auth alone looked done in the browser and was not).
 */
const ctx = useTestApp();
let ipCounter = 0;
const freshIp = () => `10.31.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

interface MailingApp {
  app: FastifyInstance;
  mail: SystemMail[];
}

function useAppWith(env: () => Env, publicBaseUrl: string): MailingApp {
  const state = { mail: [] } as unknown as MailingApp;
  beforeAll(async () => {
    state.app = await buildApp({
      env: env(),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl,
      appSecret: 'o'.repeat(40),
      mailer: { send: async (mail) => void state.mail.push(mail) },
      logger: false,
    });
  });
  afterAll(async () => {
    await state.app?.close();
  });
  return state;
}

/** The first link of the newest e-mail to `to`, as a path and query to request on any host. */
function linkFor(mail: SystemMail[], to: string): string {
  const found = [...mail].reverse().find((m) => m.to === to);
  const href = found?.html.match(/href="([^"]+)"/)?.[1]?.replaceAll('&#38;', '&');
  if (!href) throw new Error(`no e-mail with a link to ${to}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

/**
 * Register, confirm, sign in, sign out (and the cookie no longer opens a session), ask for a reset link,
 * open it, set a new password and sign in with it — every request addressed to `host` from a page of `origin`.
 */
async function accountJourney({ app, mail }: MailingApp, host: string, origin: string) {
  const headers = { host, origin };
  const email = uniqueEmail('origins');
  const ip = freshIp();
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, remoteAddress: ip, headers: { ...headers, ...extra }, payload });
  const get = (url: string, extra: Record<string, string> = {}) => app.inject({ url, remoteAddress: ip, headers: { host, ...extra } });

  const registered = await post('/api/auth/register', {
    email,
    phone: '0512345678',
    password: 'first-pass',
    confirmPassword: 'first-pass',
    fullName: 'سارة أحمد',
    acceptTerms: true,
  });
  expect([registered.statusCode, registered.body], `register on ${host}`).toEqual([201, registered.body]);
  const confirmed = await get(linkFor(mail, email));
  expect([confirmed.statusCode, confirmed.headers.location], `confirm on ${host}`).toEqual([302, '/login?confirmed=1']);

  const signedIn = await post('/api/auth/sign-in', { email, password: 'first-pass' });
  expect(signedIn.statusCode, `sign in on ${host}: ${signedIn.body}`).toBe(200);
  const cookie = cookieHeader(signedIn.headers['set-cookie']);
  expect((await get('/api/auth/session', { cookie })).json().user?.email, `session on ${host}`).toBe(email);

  const signedOut = await post('/api/auth/sign-out', {}, { cookie });
  expect([signedOut.statusCode, signedOut.body], `sign out on ${host}`).toEqual([200, signedOut.body]);
  expect((await get('/api/auth/session', { cookie })).json(), `session after sign-out on ${host}`).toEqual({ user: null });

  const requested = await post('/api/auth/password-reset', { email });
  expect([requested.statusCode, requested.body], `reset request on ${host}`).toEqual([200, requested.body]);
  const opened = await get(linkFor(mail, email));
  expect(opened.statusCode, `reset link on ${host}: ${opened.body}`).toBe(302);
  const token = new URL(String(opened.headers.location), 'http://x').searchParams.get('token') ?? '';
  expect((await get(`/api/auth/password-reset/${token}`)).statusCode, `reset token check on ${host}`).toBe(200);
  const reset = await post('/api/auth/password-reset/confirm', { token, password: 'second-pass', confirmPassword: 'second-pass' });
  expect([reset.statusCode, reset.body], `reset on ${host}`).toEqual([200, reset.body]);
  expect((await post('/api/auth/sign-in', { email, password: 'second-pass' })).statusCode, `sign in again on ${host}`).toBe(200);
}

describe('embedded mode: every address the server answers', () => {
  const embedded = useAppWith(() => parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), 'http://sira.home.arpa:3000');

  for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.20:3000', '[::1]:3000', 'sira.home.arpa:3000']) {
    it(`every account action works on http://${host}`, async () => {
      await accountJourney(embedded, host, `http://${host}`);
    });
  }

  it('a page of another origin cannot sign anyone out, even on an address the server answers', async () => {
    const res = await embedded.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: '127.0.0.1:3000', origin: 'http://localhost:3000' },
      payload: {},
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FOREIGN_ORIGIN']);
  });
});

describe('production: PUBLIC_BASE_URL and ALLOWED_ORIGINS only', () => {
  const production = useAppWith(
    () => parseEnv({ ...productionEnvSource(), ALLOWED_ORIGINS: 'https://www.sira.example, https://203.0.113.10' }),
    'https://sira.example',
  );

  for (const origin of ['https://sira.example', 'https://www.sira.example', 'https://203.0.113.10']) {
    it(`every account action works from ${origin}`, async () => {
      await accountJourney(production, new URL(origin).host, origin);
    });
  }

  it('refuses every account action from any other origin, whatever host the request names', async () => {
    const cases = [
      { host: 'evil.example', origin: 'https://evil.example' },
      // The request reached this server under a name it was not configured for: same-host is not enough here.
      { host: 'sira-internal:8080', origin: 'http://sira-internal:8080' },
      { host: '198.51.100.4', origin: 'https://198.51.100.4' },
    ];
    for (const headers of cases) {
      for (const url of ['/api/auth/register', '/api/auth/sign-in', '/api/auth/password-reset', '/api/auth/sign-out']) {
        const res = await production.app.inject({ method: 'POST', url, headers, remoteAddress: freshIp(), payload: {} });
        expect([res.statusCode, res.json().code], `${url} from ${headers.origin}`).toEqual([403, 'FOREIGN_ORIGIN']);
      }
    }
  });
});

/** productionTestEnv()'s variables, to add ALLOWED_ORIGINS to. */
function productionEnvSource(): Record<string, string> {
  const env = productionTestEnv();
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused/sira',
    APP_SECRET: 'p'.repeat(40),
    PUBLIC_BASE_URL: String(env.publicBaseUrl),
    SMTP_URL: String(env.smtpUrl),
    SMTP_FROM: String(env.smtpFrom),
    LOG_LEVEL: 'silent',
  };
}
