import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { cookieHeader, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { buildApp } from '../../app';
import { parseEnv } from '../../config/env';
import { signIns, user } from '../../db/schema';
import { KEPT_SIGN_INS, SHOWN_FAILED_SIGN_INS, SHOWN_SIGN_INS } from './sign-ins';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('recent sign-ins and sign out everywhere', () => {
  const ctx = useTestApp();

  const signInFrom = async (email: string, password: string, ip: string, userAgent: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    return cookieHeader(res.headers['set-cookie']);
  };
  const signInsOf = async (cookie: string) => {
    const res = await ctx.app.inject({ url: '/api/users/me/sign-ins', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().signIns as Array<{
      device: string;
      address: string | null;
      current: boolean;
      active: boolean;
      at: string;
      outcome: 'succeeded' | 'failed';
    }>;
  };
  const wrongPasswordFrom = (email: string, ip: string, userAgent: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
      payload: { email, password: 'not-the-password' },
    });

  it('lists each sign-in newest first with its device in Arabic, a masked address, and which one is this browser', async () => {
    const { email, password } = await signedInUser(ctx, { ip: '10.30.0.1' });
    const laptop = await signInFrom(email, password, '203.0.113.45', CHROME_WINDOWS);
    const phone = await signInFrom(email, password, '2001:db8:85a3::8a2e:370:7334', SAFARI_IPHONE);

    const seenFromPhone = await signInsOf(phone);
    expect(seenFromPhone.slice(0, 3).map(({ device, address, current, active }) => ({ device, address, current, active }))).toEqual([
      { device: 'سفاري على آيفون', address: '2001:db8:…', current: true, active: true },
      { device: 'كروم على ويندوز', address: '203.0.x.x', current: false, active: true },
      // The test kit's own sign-in, without a user agent.
      { device: 'جهاز غير معروف', address: '10.30.x.x', current: false, active: true },
    ]);
    const seenFromLaptop = await signInsOf(laptop);
    expect(seenFromLaptop.map((s) => s.current)).toEqual([false, true, false]);
    // No full address leaves the server.
    expect(JSON.stringify(seenFromLaptop)).not.toContain('203.0.113.45');
  });

  it('lists a wrong password for the account as a failed attempt with its device and a masked address', async () => {
    const { email, cookie } = await signedInUser(ctx, { ip: '10.31.0.1' });
    const failed = await wrongPasswordFrom(email, '203.0.113.77', CHROME_WINDOWS);
    expect([failed.statusCode, failed.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);

    const listed = await signInsOf(cookie);
    expect(listed.map(({ device, address, outcome, current, active }) => ({ device, address, outcome, current, active }))).toEqual([
      { device: 'كروم على ويندوز', address: '203.0.x.x', outcome: 'failed', current: false, active: false },
      { device: 'جهاز غير معروف', address: '10.31.x.x', outcome: 'succeeded', current: true, active: true },
    ]);
    // The failed attempt's full address (a stranger's, perhaps) never leaves the server.
    expect(JSON.stringify(listed)).not.toContain('203.0.113.77');
    const [kept] = await ctx.db.select({ outcome: signIns.outcome }).from(signIns).where(eq(signIns.ipAddress, '203.0.113.77'));
    expect(kept?.outcome).toBe('failed');
  });

  it('records nothing for an address without an account, and answers it as it answers a wrong password', async () => {
    const { email } = await signedInUser(ctx);
    const unknownEmail = `nobody.${Date.now()}@sira.example`;
    const unknown = await wrongPasswordFrom(unknownEmail, '198.51.100.99', CHROME_WINDOWS);
    const known = await wrongPasswordFrom(email, '198.51.100.98', CHROME_WINDOWS);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(await ctx.db.select().from(signIns).where(eq(signIns.ipAddress, '198.51.100.99'))).toEqual([]);
    expect(await ctx.db.select().from(user).where(eq(user.email, unknownEmail))).toEqual([]);
  });

  it('a flood of failed attempts cannot push the successful sign-ins out of the history or off the list', async () => {
    const { email, password } = await signedInUser(ctx);
    let last = '';
    for (let i = 1; i < SHOWN_SIGN_INS; i++) last = await signInFrom(email, password, `100.64.0.${i}`, SAFARI_IPHONE);
    // Each from its own address, under the per-address limit: what a guesser spreading out would do.
    for (let i = 0; i < KEPT_SIGN_INS + 5; i++) {
      expect((await wrongPasswordFrom(email, `198.18.0.${i + 1}`, CHROME_WINDOWS)).statusCode).toBe(401);
    }

    const [account] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const outcomes = (
      await ctx.db
        .select({ outcome: signIns.outcome })
        .from(signIns)
        .where(eq(signIns.userId, account?.id as string))
    ).map((row) => row.outcome);
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(KEPT_SIGN_INS);
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(SHOWN_SIGN_INS);
    // The oldest failures went, the newest stayed.
    expect(await ctx.db.select().from(signIns).where(eq(signIns.ipAddress, '198.18.0.1'))).toEqual([]);

    const listed = await signInsOf(last);
    expect(listed).toHaveLength(SHOWN_SIGN_INS);
    expect(listed.map((s) => s.outcome)).toEqual([
      ...Array<string>(SHOWN_FAILED_SIGN_INS).fill('failed'),
      ...Array<string>(SHOWN_SIGN_INS - SHOWN_FAILED_SIGN_INS).fill('succeeded'),
    ]);
    expect(listed[0]?.address).toBe('198.18.x.x');
    expect(listed.find((s) => s.outcome === 'succeeded')?.current).toBe(true);
  });

  it('signs every other browser out and keeps this one, and the list says which sessions ended', async () => {
    const { email, password, cookie: first } = await signedInUser(ctx);
    const second = await signInFrom(email, password, '198.51.100.7', SAFARI_IPHONE);
    const third = await signInFrom(email, password, '198.51.100.8', CHROME_WINDOWS);
    const someoneElse = await signedInUser(ctx);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/me/sign-out-others', headers: { cookie: third } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });

    const me = (cookie: string) => ctx.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);
    // Another user's session is not touched.
    expect((await me(someoneElse.cookie)).statusCode).toBe(200);
    expect((await signInsOf(third)).map((s) => [s.current, s.active])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/me/sign-out-others' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/me/sign-ins' })).statusCode).toBe(401);
  });

  it(`keeps only a user's newest ${KEPT_SIGN_INS} sign-ins and shows ${SHOWN_SIGN_INS}`, async () => {
    const { email, password } = await signedInUser(ctx);
    let last = '';
    for (let i = 0; i < KEPT_SIGN_INS + 3; i++) last = await signInFrom(email, password, `192.0.2.${i + 1}`, CHROME_WINDOWS);
    const [row] = await ctx.db.select({ userId: signIns.userId }).from(signIns).where(eq(signIns.ipAddress, '192.0.2.1'));
    expect(row).toBeUndefined();
    const users = await ctx.db
      .select({ userId: signIns.userId })
      .from(signIns)
      .where(eq(signIns.ipAddress, `192.0.2.${KEPT_SIGN_INS + 3}`));
    const kept = await ctx.db
      .select()
      .from(signIns)
      .where(eq(signIns.userId, users[0]?.userId as string));
    expect(kept).toHaveLength(KEPT_SIGN_INS);
    const shown = await signInsOf(last);
    expect(shown).toHaveLength(SHOWN_SIGN_INS);
    expect(shown[0]?.address).toBe('192.0.x.x');
    expect(shown[0]?.current).toBe(true);
  });
});

describe('the e-mail that says the password changed', () => {
  const ctx = useTestApp();

  const resetPassword = async (app: typeof ctx.app, mail: () => Array<{ to: string; html: string }>, email: string) => {
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: '10.40.0.1', payload: { email } });
    const message = [...mail()].reverse().find((m) => m.to === email);
    const link = new URL(message?.html.match(/href="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '');
    const landing = await app.inject({ url: `${link.pathname}${link.search}` });
    const token = new URL(landing.headers.location as string, 'http://localhost').searchParams.get('token') as string;
    return app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress: '10.40.0.2',
      payload: { token, password: 'new-secret-2', confirmPassword: 'new-secret-2' },
    });
  };

  it('goes to the account when a reset sets a new password, in Arabic, leading to the dashboard', async () => {
    const { email } = await signedInUser(ctx);
    const before = ctx.mail.length;
    expect((await resetPassword(ctx.app, () => ctx.mail, email)).statusCode).toBe(200);
    const notice = ctx.mail.slice(before).find((m) => m.to === email && m.subject.includes('كلمة المرور') && m.subject.includes('تغيير'));
    expect(notice?.subject).toBe('تم تغيير كلمة المرور لحسابك في سيرة');
    expect(notice?.text).toContain('تسجيل الخروج من جميع الأجهزة');
    expect(notice?.html).toContain('/dashboard');
  });

  it('a mail server that refuses the notice does not undo the new password', async () => {
    const sent: Array<{ to: string; html: string; subject: string }> = [];
    const errors: unknown[] = [];
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: ctx.db,
      dbKind: ctx.handle.kind,
      publicBaseUrl: 'http://localhost:3000',
      appSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
      mailer: {
        async send(mail) {
          if (mail.subject.startsWith('تم تغيير')) throw new Error('mail server refused');
          sent.push(mail);
        },
      },
      logger: false,
    });
    try {
      const { email } = await signedInUser({ ...ctx, app });
      const originalError = app.log.error.bind(app.log);
      app.log.error = ((obj: unknown, ...rest: unknown[]) => {
        errors.push(obj);
        return (originalError as (...args: unknown[]) => void)(obj, ...rest);
      }) as typeof app.log.error;
      expect((await resetPassword(app, () => sent, email)).statusCode).toBe(200);
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '10.40.0.3',
        payload: { email, password: 'new-secret-2' },
      });
      expect(signedIn.statusCode).toBe(200);
      // Said to the operator, not swallowed.
      expect(errors).toContainEqual(expect.objectContaining({ kind: 'password-changed' }));
    } finally {
      await app.close();
    }
  });
});

describe('the e-mails that say Gmail was linked or unlinked', () => {
  const { ctx, sandbox } = useAppWithGoogleSandbox();

  it('tell the account owner the Gmail address each time', async () => {
    const { email, cookie } = await signedInUser(ctx);
    const before = ctx.mail.length;
    await linkMailboxForTest(ctx, cookie, sandbox, 'sara.applicant@gmail.com');
    const linked = ctx.mail.slice(before).filter((m) => m.to === email);
    expect(linked.map((m) => m.subject)).toEqual(['تم ربط بريد Gmail بحسابك في سيرة']);
    expect(linked[0]?.text).toContain('sara.applicant@gmail.com');

    const unlink = await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie } });
    expect(unlink.statusCode).toBe(204);
    const unlinked = ctx.mail.slice(before).filter((m) => m.to === email);
    expect(unlinked.map((m) => m.subject)).toEqual(['تم ربط بريد Gmail بحسابك في سيرة', 'تم إلغاء ربط بريد Gmail من حسابك في سيرة']);
    expect(unlinked[1]?.text).toContain('sara.applicant@gmail.com');
  });

  it('no mail when there was nothing to unlink', async () => {
    const { email, cookie } = await signedInUser(ctx);
    const before = ctx.mail.length;
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie } })).statusCode).toBe(409);
    expect(ctx.mail.slice(before).filter((m) => m.to === email)).toEqual([]);
  });
});
