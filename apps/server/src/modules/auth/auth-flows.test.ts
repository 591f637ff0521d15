import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productionTestApp, productionTestEnv, useTestApp } from '../../../test-support/app';
import { cookieHeader, signedInUser, signIn, uniqueEmail } from '../../../test-support/auth';
import { TEST_PASSWORD_COST } from '../../../test-support/passwords';
import { buildApp } from '../../app';
import { type Env, parseEnv } from '../../config/env';
import { account, packages, profiles, session, user } from '../../db/schema';
import { resetRateLimit } from '../../lib/rate-limit';
import type { SystemMailer } from '../../mail/system-mailer';
import { RESET_LINK_CHECKS } from './reset-link-limit';

const ctx = useTestApp();
let ipCounter = 0;
const freshIp = () => `10.20.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

/** The app on this suite's database with another environment, or a mail server of the test's own. */
const appWith = (env: Env, publicBaseUrl: string, mailer: SystemMailer = { send: async () => undefined }) =>
  buildApp({ env, db: ctx.db, dbKind: ctx.handle.kind, publicBaseUrl, appSecret: 'p'.repeat(40), mailer, logger: false });

/** Registration as the form sends it; the applicant's name is given unless the payload says otherwise. */
const register = (payload: Record<string, string | boolean>, remoteAddress = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    payload: { fullName: 'سارة أحمد', acceptTerms: true, ...payload },
  });
const signInRaw = (payload: Record<string, string>, remoteAddress = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload });
const lastMailTo = (email: string) => [...ctx.mail].reverse().find((m) => m.to === email);
const linkIn = (html: string) => {
  const match = html.match(/href="([^"]+)"/);
  if (!match?.[1]) throw new Error('no link in the e-mail');
  return match[1].replaceAll('&#38;', '&');
};

describe('register', () => {
  it('enforces every rule of spec §5 on the server', async () => {
    const base = { email: uniqueEmail(), phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, email: '' }, 'MISSING_CREDENTIALS'],
      [{ ...base, password: '', confirmPassword: '' }, 'MISSING_CREDENTIALS'],
      [{ ...base, email: 'not-an-email' }, 'INVALID_EMAIL'],
      [{ ...base, phone: '0612345678' }, 'INVALID_PHONE'],
      [{ ...base, phone: '+96651234567' }, 'INVALID_PHONE'],
      [{ ...base, password: '12345', confirmPassword: '12345' }, 'PASSWORD_TOO_SHORT'],
      [{ ...base, confirmPassword: 'secret2' }, 'PASSWORDS_MISMATCH'],
      [{ ...base, fullName: '' }, 'NAME_REQUIRED'],
      [{ ...base, fullName: ' \u202e ' }, 'NAME_REQUIRED'],
      [{ ...base, fullName: 'سارة <x@evil.example>' }, 'INVALID_NAME'],
      [{ ...base, fullName: 'سارة', fullNameEn: 'سارة' }, 'INVALID_NAME_EN'],
    ];
    for (const [payload, code] of cases) {
      const res = await register(payload);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
  });

  it('creates the profile on the trial package with its balance and the phone, and mails an Arabic confirmation', async () => {
    const email = uniqueEmail('New');
    const res = await register({
      email: `  ${email.toUpperCase()} `,
      // As typed on an Arabic keyboard: stored in ASCII digits without the spaces.
      phone: '+٩٦٦ ٥١ ٢٣٤ ٥٦٧٨',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db
      .select({
        email: profiles.email,
        phone: profiles.phoneNumber,
        balance: profiles.messagesRemaining,
        pkg: packages.name,
        limit: packages.messagesLimit,
      })
      .from(profiles)
      .innerJoin(packages, eq(packages.id, profiles.packageId))
      .where(eq(profiles.email, email.toLowerCase()));
    expect(row).toMatchObject({ email: email.toLowerCase(), phone: '+966512345678', pkg: 'تجريبي' });
    expect(row?.balance).toBe(row?.limit);
    const mail = lastMailTo(email.toLowerCase());
    expect(mail?.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail?.html).toContain('dir="rtl"');
    expect(linkIn(mail?.html ?? '')).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(mail?.text).toContain('/api/auth/verify-email?token=');
  });

  it('keeps the applicant name (Arabic, and Latin when given) that companies will see, and refuses an account without one', async () => {
    const email = uniqueEmail('named');
    const res = await register({
      email,
      phone: '0512345678',
      password: 'secret1',
      confirmPassword: 'secret1',
      fullName: '  \u202bسارة   بنت أحمد\u202c ',
      fullNameEn: 'Sara Ahmed',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db
      .select({ fullName: profiles.fullName, fullNameEn: profiles.fullNameEn })
      .from(profiles)
      .where(eq(profiles.email, email));
    expect(row).toEqual({ fullName: 'سارة بنت أحمد', fullNameEn: 'Sara Ahmed' });

    const nameless = uniqueEmail('nameless');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: { email: nameless, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await ctx.db.select().from(user).where(eq(user.email, nameless))).toEqual([]);
  });

  it('answers a duplicate e-mail (any case) with EMAIL_TAKEN, not a 500', async () => {
    const email = uniqueEmail();
    expect((await register({ email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' })).statusCode).toBe(201);
    const again = await register({ email: email.toUpperCase(), phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'EMAIL_TAKEN']);
  });

  it("keeps better-auth's raw sign-up and sign-in endpoints closed, so every account passes these rules", async () => {
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: 'secret1', name: 'x' },
    });
    expect(raw.statusCode).toBe(404);
    const rawSignIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@b.example', password: 'secret1' },
    });
    expect(rawSignIn.statusCode).toBe(404);
    // A new confirmation link comes only from signing in with the password (rate-limited), never from here.
    const rawResend = await ctx.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'a@b.example' } });
    expect(rawResend.statusCode).toBe(404);
  });

  it('keeps verify-password closed: a signed-in caller cannot guess the password there, limited or not', async () => {
    const { cookie, password } = await signedInUser(ctx);
    const guesses = [];
    for (let i = 0; i < 50; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-password',
        headers: { cookie },
        payload: { password: `wrong-guess-${i}` },
      });
      guesses.push(res.statusCode);
    }
    expect(guesses.filter((status) => status !== 404)).toEqual([]);
    const right = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-password', headers: { cookie }, payload: { password } });
    expect(right.statusCode).toBe(404);
  });

  it('opens only the better-auth endpoints the product uses: the session, sign-out and the e-mailed links', async () => {
    const { cookie } = await signedInUser(ctx);
    const open: string[] = [];
    for (const endpoint of Object.values(ctx.app.auth.api) as Array<{ path?: string; options?: { method?: unknown } }>) {
      if (!endpoint.path) continue;
      const url = `/api/auth${endpoint.path.replace(/:[a-zA-Z]+/g, 'x')}`;
      for (const method of [endpoint.options?.method].flat()) {
        if (method !== 'GET' && method !== 'POST') continue;
        // From the site's own page, as the web app calls them: a refusal here is the endpoint's, not the origin check's.
        const res = await ctx.app.inject({
          method,
          url,
          headers: { cookie, origin: 'http://localhost:3000' },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        if (res.statusCode !== 404) open.push(`${method} ${url}`);
      }
    }
    expect(open.sort()).toEqual([
      'GET /api/auth/get-session',
      'GET /api/auth/reset-password/x',
      'GET /api/auth/verify-email',
      'POST /api/auth/sign-out',
    ]);
  });
});

describe('e-mail addresses with invisible characters', () => {
  it('answers INVALID_EMAIL to a sign-in, registration or reset whose address carries a direction control', async () => {
    const email = uniqueEmail();
    await register({ email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' });
    const disguised = `\u202e${email}`;
    const signIn = await signInRaw({ email: disguised, password: 'secret1' });
    expect([signIn.statusCode, signIn.json().code]).toEqual([400, 'INVALID_EMAIL']);
    const reg = await register({
      email: email.replace('@', '\u200f@'),
      phone: '0512345678',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect([reg.statusCode, reg.json().code]).toEqual([400, 'INVALID_EMAIL']);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email: disguised },
    });
    expect([reset.statusCode, reset.json().code]).toEqual([400, 'INVALID_EMAIL']);
  });
});

describe('confirmation and sign-in', () => {
  it('mails a fresh confirmation link when an unconfirmed account signs in with its password, and it confirms', async () => {
    const email = uniqueEmail();
    await register({ email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' });
    const mailsTo = () => ctx.mail.filter((m) => m.to === email).length;
    expect(mailsTo()).toBe(1);

    // A wrong password sends nothing: only the owner can ask for a new link.
    expect((await signInRaw({ email, password: 'wrong-1' })).statusCode).toBe(401);
    expect(mailsTo()).toBe(1);

    const refused = await signInRaw({ email, password: 'secret1' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
    expect(mailsTo()).toBe(2);
    const link = new URL(linkIn(lastMailTo(email)?.html ?? ''));
    const confirm = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirm.headers.location).toContain('/login?confirmed=1');
    expect((await signInRaw({ email, password: 'secret1' })).statusCode).toBe(200);
  });

  it('refuses sign-in until the e-mail is confirmed, then signs in with an httpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail();
    await register({ email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' });
    const early = await signInRaw({ email, password: 'secret1' });
    expect([early.statusCode, early.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);

    const link = new URL(linkIn(lastMailTo(email)?.html ?? ''));
    const confirm = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toContain('/login?confirmed=1');

    const res = await signInRaw({ email: ` ${email.toUpperCase()} `, password: 'secret1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, isAdmin: false });
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(res.headers['set-cookie']) } });
    expect(session.json().user).toMatchObject({ email, isAdmin: false });
  });

  it('gives an account whose profile is missing no cookie and keeps no session for it', async () => {
    const { email, password } = await signedInUser(ctx);
    const [account] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!account) throw new Error('no user row');
    await ctx.db.delete(session).where(eq(session.userId, account.id));
    await ctx.db.delete(profiles).where(eq(profiles.id, account.id));
    const res = await signInRaw({ email, password });
    expect([res.statusCode, res.json().code]).toEqual([400, 'SESSION_FAILED']);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await ctx.db.select({ id: session.id }).from(session).where(eq(session.userId, account.id))).toEqual([]);
  });

  it('maps wrong credentials and rule violations to the spec codes', async () => {
    const { email } = await signedInUser(ctx);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ email, password: 'wrong-password' }, 401, 'INVALID_CREDENTIALS'],
      [{ email: uniqueEmail('nobody'), password: 'whatever1' }, 401, 'INVALID_CREDENTIALS'],
      [{ email: '', password: '' }, 400, 'MISSING_CREDENTIALS'],
      [{ email: 'bad-address', password: 'secret1' }, 400, 'INVALID_EMAIL'],
      [{ email, password: '123' }, 400, 'PASSWORD_TOO_SHORT'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await signInRaw(payload);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
  });

  it('signs out: the cookie no longer opens a session', async () => {
    const { cookie } = await signedInUser(ctx);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json()).toEqual({ user: null });
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('marks the session cookie Secure in production', async () => {
    const app = await appWith(productionTestEnv(), 'https://sira.example');
    try {
      const { email, password } = await signedInUser(ctx);
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: freshIp(), payload: { email, password } });
      expect(res.statusCode).toBe(200);
      expect([res.headers['set-cookie']].flat().join('\n')).toMatch(/;\s*Secure/i);
    } finally {
      await app.close();
    }
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const { email } = await signedInUser(ctx);
    const before = ctx.mail.length;
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email },
    });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email: unknownEmail },
    });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(ctx.mail.slice(before).map((m) => m.to)).toEqual([email]);
  });

  it('validates the address and limits requests to one a minute per address', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email: ' ' },
    });
    expect(empty.json().code).toBe('EMAIL_REQUIRED');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email: 'nope' },
    });
    expect(bad.json().code).toBe('INVALID_EMAIL');
    const email = uniqueEmail();
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: freshIp(), payload: { email } })).statusCode,
    ).toBe(200);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email },
    });
    expect([second.statusCode, second.json().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('resets with a valid link: match before length, old password stops working, link works once, sessions end', async () => {
    const { email, password, cookie } = await signedInUser(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: freshIp(), payload: { email } });
    const link = new URL(linkIn(lastMailTo(email)?.html ?? ''));
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    const landing = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token') as string;
    expect((await ctx.app.inject(`/api/auth/password-reset/${token}`)).statusCode).toBe(200);
    expect((await ctx.app.inject('/api/auth/password-reset/not-a-real-token')).json().code).toBe('INVALID_RESET_TOKEN');

    const confirm = (payload: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        remoteAddress: freshIp(),
        payload: { token, ...payload },
      });
    expect((await confirm({ password: '123', confirmPassword: '456' })).json().code).toBe('PASSWORDS_MISMATCH');
    expect((await confirm({ password: '123', confirmPassword: '123' })).json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await confirm({ password: 'brand-new-1', confirmPassword: 'brand-new-1' })).statusCode).toBe(200);

    const old = await signInRaw({ email, password });
    expect(old.json().code).toBe('INVALID_CREDENTIALS');
    await signIn(ctx, email, 'brand-new-1', freshIp());
    const reuse = await confirm({ password: 'another-one-2', confirmPassword: 'another-one-2' });
    expect([reuse.statusCode, reuse.json().code]).toEqual([400, 'INVALID_RESET_TOKEN']);
    expect((await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } })).json()).toEqual({ user: null });
  });
});

describe('password reset: older links', () => {
  it('a reset spends every earlier link of the account, not only the one used', async () => {
    const { email } = await signedInUser(ctx);
    const tokenFromLastMail = async () => {
      const link = new URL(linkIn(lastMailTo(email)?.html ?? ''));
      const landing = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
      return new URL(landing.headers.location as string, 'http://localhost:3000').searchParams.get('token') as string;
    };
    const ask = () => ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: freshIp(), payload: { email } });
    await ask();
    const first = await tokenFromLastMail();
    // A minute later (the per-minute limit only), the user asks again.
    await resetRateLimit(ctx.db, `reset:email-minute:${email}`);
    await ask();
    const second = await tokenFromLastMail();
    expect(second).not.toBe(first);
    const confirm = (token: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        remoteAddress: freshIp(),
        payload: { token, password, confirmPassword: password },
      });
    expect((await confirm(second, 'brand-new-1')).statusCode).toBe(200);
    const older = await confirm(first, 'attacker-2');
    expect([older.statusCode, older.json().code]).toEqual([400, 'INVALID_RESET_TOKEN']);
    await signIn(ctx, email, 'brand-new-1', freshIp());
  });
});

describe('a mail server that refuses', () => {
  it('an unconfirmed account signing in while mail is refused is told to confirm first and that no new link left, not a server error', async () => {
    const email = uniqueEmail();
    await register({ email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' });
    const errors: string[] = [];
    const app = await appWith(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), 'http://localhost:3000', {
      send: async () => {
        errors.push('refused');
        throw new Error('554 mail server refused');
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: freshIp(),
        payload: { email, password: 'secret1' },
      });
      expect([res.statusCode, res.json().code]).toEqual([403, 'CONFIRMATION_NOT_SENT']);
      expect(errors).toEqual(['refused']);
    } finally {
      await app.close();
    }
  });
});

describe('abuse limits', () => {
  it('limits sign-in attempts per e-mail from one address; the owner elsewhere still signs in', async () => {
    const { email, password } = await signedInUser(ctx);
    const guesser = freshIp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signInRaw({ email, password: 'wrong-password' }, guesser)).json().code);
    expect(codes.slice(0, 10).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes[10]).toBe('RATE_LIMITED');
    expect((await signInRaw({ email, password: 'wrong-password' }, guesser)).json().code).toBe('RATE_LIMITED');
    expect((await signInRaw({ email, password })).statusCode).toBe(200);
  });

  it('limits sign-in attempts per e-mail across addresses at 50 in 10 minutes', async () => {
    const { email } = await signedInUser(ctx);
    const codes: string[] = [];
    for (let i = 0; i < 51; i++) codes.push((await signInRaw({ email, password: 'wrong-password' })).json().code);
    expect(codes.slice(0, 50).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes[50]).toBe('RATE_LIMITED');
  });

  it('limits sign-in attempts per IP address across e-mails', async () => {
    const ip = freshIp();
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push((await signInRaw({ email: uniqueEmail('spray'), password: 'wrong-password' }, ip)).json().code);
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect(codes.slice(0, 30).every((c) => c === 'INVALID_CREDENTIALS')).toBe(true);
  });

  // A whole app of its own and tens of sign-ins, each hashing a password: slow when the processors are shared.
  it('behind a proxy, an address the client writes into X-Forwarded-For does not escape the per-IP limit', {
    timeout: 180_000,
  }, async () => {
    const app = await appWith(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }), 'http://localhost:3000');
    try {
      // The proxy (127.0.0.1) appends the public address it saw; the client made up everything before it.
      const client = `203.0.113.${(ipCounter % 200) + 1}`;
      const codes: string[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
          payload: { email: uniqueEmail('spoof'), password: 'wrong-password' },
        });
        codes.push(res.json().code);
      }
      expect(codes.at(-1)).toBe('RATE_LIMITED');
    } finally {
      await app.close();
    }
  });

  it('limits reset-link checks per address: a guesser is refused, a limited link tells nothing, the owner’s link still works', async () => {
    const { email } = await signedInUser(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: freshIp(), payload: { email } });
    const link = new URL(linkIn(lastMailTo(email)?.html ?? ''));
    const realToken = link.pathname.split('/').at(-1) as string;
    const landing = (token: string, remoteAddress: string) =>
      ctx.app.inject({ url: `/api/auth/reset-password/${token}${link.search}`, remoteAddress });
    const check = (token: string, remoteAddress: string) => ctx.app.inject({ url: `/api/auth/password-reset/${token}`, remoteAddress });
    const landedOn = (res: { headers: Record<string, unknown> }) => {
      const target = new URL(res.headers.location as string, 'http://localhost:3000');
      return `${target.pathname}?${target.searchParams}`;
    };

    // The e-mailed link and the page's check draw on one count per address.
    const guesser = freshIp();
    const { max } = RESET_LINK_CHECKS;
    for (let i = 0; i < max / 2; i++) expect(landedOn(await landing(`guess${i}`, guesser))).toBe('/reset-password?error=INVALID_TOKEN');
    for (let i = max / 2; i < max; i++) expect((await check(`guess${i}`, guesser)).json().code).toBe('INVALID_RESET_TOKEN');
    const refused = await check('guess-next', guesser);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect((await check(realToken, guesser)).statusCode).toBe(429);
    // Over the limit, the link checks nothing: a real token and a made-up one are passed on to the page alike,
    // where the check says to wait.
    const real = await landing(realToken, guesser);
    const madeUp = await landing('guess-last', guesser);
    expect([real.statusCode, landedOn(real)]).toEqual([302, `/reset-password?token=${realToken}`]);
    expect([madeUp.statusCode, landedOn(madeUp)]).toEqual([302, '/reset-password?token=guess-last']);

    // The owner, from their own address, opens the link, the page checks it, and the new password is set.
    const owner = freshIp();
    expect(landedOn(await landing(realToken, owner))).toBe(`/reset-password?token=${realToken}`);
    expect((await check(realToken, owner)).statusCode).toBe(200);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress: owner,
      payload: { token: realToken, password: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('limits sign-ups per IP address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await register({ email: uniqueEmail('bulk'), phone: '0512345678', password: 'secret1', confirmPassword: 'secret1' }, ip))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a sign-in posted from a foreign page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: freshIp(),
      headers: { origin: 'https://attacker.example' },
      payload: { email: 'a@b.example', password: 'secret1' },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FOREIGN_ORIGIN']);
  });
});

describe('user row', () => {
  it('stores no plain password anywhere', async () => {
    const { email, password } = await signedInUser(ctx);
    const [row] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(JSON.stringify(row)).not.toContain(password);
  });
});

describe('password hashes', () => {
  const storedHash = async (email: string) => {
    const [row] = await ctx.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    return row?.hash ?? '';
  };

  it('a production app hashes at the full cost, and that account signs in on an app with a lowered one', async () => {
    const app = await appWith(productionTestEnv(), 'https://sira.example');
    const email = uniqueEmail('full-cost');
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: freshIp(),
        payload: { email, phone: '0512345678', password: 'secret1', confirmPassword: 'secret1', fullName: 'سارة أحمد', acceptTerms: true },
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await app.close();
    }
    // better-auth's own format: no parameters named, N 16384, r 16.
    expect(await storedHash(email)).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    expect((await signInRaw({ email, password: 'secret1' })).statusCode).toBe(200);
    expect((await signInRaw({ email, password: 'secret2' })).statusCode).toBe(401);
  });

  it('a test app’s hash names its lowered cost', async () => {
    const { email } = await signedInUser(ctx);
    expect(await storedHash(email)).toMatch(new RegExp(`^scrypt:${TEST_PASSWORD_COST.N}:${TEST_PASSWORD_COST.r}:1:`));
  });

  it('a production app refuses to start with a lowered cost', async () => {
    await expect(productionTestApp(ctx, { passwordCost: TEST_PASSWORD_COST })).rejects.toThrow(/full scrypt cost/);
  });
});
