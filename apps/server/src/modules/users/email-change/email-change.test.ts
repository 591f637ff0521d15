import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test-support/app';
import { cookieHeader, signedInUser, signIn, uniqueEmail } from '../../../../test-support/auth';
import { profileIdOf } from '../../../../test-support/sending';
import { emailChanges, profiles, session, user } from '../../../db/schema';

/**
 * The e-mail change against a borrowed session (ADR 012), over the real routes and database: the password it
 * asks for, what its completion ends and tells, and the undo from the old address.
 */

const ctx = useTestApp();

const CONFIRM_SUBJECT = 'تأكيد بريدك الإلكتروني الجديد في سيرة';
const CHANGED_SUBJECT = 'تم تغيير البريد الإلكتروني لحسابك في سيرة';
const RESET_AFTER_CHANGE_SUBJECT = 'تم تغيير كلمة المرور لحسابك في سيرة بعد تغيير بريده';

let ipCounter = 0;
/** A different client address for each call: the per-address limits of sign-in and reset stay out of the way. */
const freshIp = () => `198.18.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

const mailTo = (to: string, subject: string) => ctx.mail.filter((m) => m.to === to && m.subject === subject);
const lastMailTo = (to: string, subject: string) => {
  const found = mailTo(to, subject).at(-1);
  if (!found) throw new Error(`no "${subject}" mail to ${to}`);
  return found;
};

const askChange = (cookie: string, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/me/email-change', headers: { cookie }, payload: { email, password } });

/** Opens the confirmation link mailed to `newEmail`, in a browser with `cookie` (or none). */
async function openConfirmation(newEmail: string, cookie?: string) {
  const href = /href="([^"]+verify-email[^"]+)"/.exec(lastMailTo(newEmail, CONFIRM_SUBJECT).html)?.[1]?.replace(/&#38;/g, '&');
  const link = new URL(href ?? '');
  return ctx.app.inject({ url: `${link.pathname}${link.search}`, headers: cookie ? { cookie } : {} });
}

/** The token of the undo link in a notice. */
const undoTokenIn = (mail: { html: string; text: string }) => {
  const token = /\/email-change-undo\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('the notice has no undo link');
  expect(mail.html).toContain(`/email-change-undo/${token}`);
  return token;
};

const whoAmI = (cookie: string) => ctx.app.inject({ url: '/api/users/me', headers: { cookie } });
const signInAnswer = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: freshIp(), payload: { email, password } });
const undoView = (token: string) => ctx.app.inject({ url: `/api/users/email-change-undo/${token}`, remoteAddress: freshIp() });
const undo = (token: string, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: `/api/users/email-change-undo/${token}`, remoteAddress: ip });

/** A password reset through the forms' routes and the e-mailed link, as a person (or a thief) at `email` does it. */
async function resetPassword(email: string, password: string) {
  const asked = await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress: freshIp(), payload: { email } });
  expect(asked.statusCode, asked.body).toBe(200);
  const token = /\/api\/auth\/reset-password\/([^?"&]+)/.exec(lastMailTo(email, 'إعادة تعيين كلمة المرور في سيرة').text)?.[1];
  return confirmReset(token ?? '', password);
}

const confirmReset = (token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    remoteAddress: freshIp(),
    payload: { token, password, confirmPassword: password },
  });

async function addressesOf(userId: string) {
  const [row] = await ctx.db
    .select({ login: user.email, profile: profiles.email })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row;
}

/** An account whose address `newEmail` confirmed, asked for and opened from the session `cookie`. */
async function changedAccount(newEmail = uniqueEmail('moved')) {
  const owner = await signedInUser(ctx);
  const userId = await profileIdOf(ctx, owner.email);
  expect((await askChange(owner.cookie, newEmail, owner.password)).statusCode).toBe(200);
  expect((await openConfirmation(newEmail, owner.cookie)).statusCode).toBe(302);
  return { ...owner, userId, newEmail, undoToken: undoTokenIn(lastMailTo(owner.email, CHANGED_SUBJECT)) };
}

describe('an e-mail change asks for the current password', () => {
  it('refuses a borrowed session without the password: nothing is mailed, nothing changes', async () => {
    const owner = await signedInUser(ctx);
    const thiefEmail = uniqueEmail('thief');
    const sent = ctx.mail.length;

    const without = await askChange(owner.cookie, thiefEmail, '');
    expect([without.statusCode, without.json()]).toEqual([400, { code: 'EMAIL_CHANGE_PASSWORD_REQUIRED' }]);
    const guessed = await askChange(owner.cookie, thiefEmail, 'password1');
    expect([guessed.statusCode, guessed.json()]).toEqual([403, { code: 'WRONG_PASSWORD' }]);
    // A taken address is not revealed to a wrong password either.
    const other = await signedInUser(ctx);
    const probe = await askChange(owner.cookie, other.email, 'password1');
    expect([probe.statusCode, probe.json()]).toEqual([403, { code: 'WRONG_PASSWORD' }]);

    expect(ctx.mail.slice(sent).filter((m) => m.to !== other.email)).toEqual([]);
    expect(await addressesOf(await profileIdOf(ctx, owner.email))).toEqual({ login: owner.email, profile: owner.email });
    await signIn(ctx, owner.email, owner.password, freshIp());
  });

  it('counts password guesses per account: past ten an hour even the right one waits', async () => {
    const owner = await signedInUser(ctx);
    const target = uniqueEmail('guess');
    for (let n = 0; n < 10; n++) expect((await askChange(owner.cookie, target, `wrong-${n}`)).statusCode).toBe(403);
    const limited = await askChange(owner.cookie, target, owner.password);
    expect([limited.statusCode, limited.json()]).toEqual([429, { code: 'RATE_LIMITED' }]);
    expect(mailTo(target, CONFIRM_SUBJECT)).toEqual([]);
  });
});

describe('an e-mail change, once the new address confirms it', () => {
  it('records it, ends every other session, keeps the one that opened the link, and tells the old address', async () => {
    const owner = await signedInUser(ctx);
    const userId = await profileIdOf(ctx, owner.email);
    const phone = await signIn(ctx, owner.email, owner.password, freshIp());
    const newEmail = uniqueEmail('moved');
    expect((await askChange(owner.cookie, newEmail, owner.password)).json()).toEqual({ sentTo: newEmail });
    // Asked for, not yet confirmed: nothing ended, nothing recorded, the old address not told.
    expect((await whoAmI(phone)).statusCode).toBe(200);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId))).toEqual([]);

    const opened = await openConfirmation(newEmail, owner.cookie);
    expect([opened.statusCode, opened.headers.location]).toEqual([302, '/my-data?emailChanged=1']);
    expect((await whoAmI(owner.cookie)).json().email).toBe(newEmail);
    expect((await whoAmI(phone)).statusCode).toBe(401);
    expect(await addressesOf(userId)).toEqual({ login: newEmail, profile: newEmail });
    const rows = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
    expect(rows).toMatchObject([{ oldEmail: owner.email, newEmail, undoneAt: null }]);

    const notice = lastMailTo(owner.email, CHANGED_SUBJECT);
    expect(notice.text).toContain(owner.email);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('7 أيام');
    expect(undoTokenIn(notice)).toMatch(/^[A-Za-z0-9_-]{44}$/);
    // Only the old address is told this way; the new one confirmed it.
    expect(mailTo(newEmail, CHANGED_SUBJECT)).toEqual([]);
  });

  it('opened in a browser without a session: that browser is signed in, every other session ends', async () => {
    const owner = await signedInUser(ctx);
    const newEmail = uniqueEmail('moved-phone');
    expect((await askChange(owner.cookie, newEmail, owner.password)).statusCode).toBe(200);
    const opened = await openConfirmation(newEmail);
    expect(opened.statusCode).toBe(302);
    const phone = cookieHeader(opened.headers['set-cookie']);
    expect(phone).toContain('session_token=');
    expect((await whoAmI(phone)).json().email).toBe(newEmail);
    expect((await whoAmI(owner.cookie)).statusCode).toBe(401);

    // Opened once more, the link signs nobody in and records nothing again.
    const again = await openConfirmation(newEmail);
    expect(again.headers.location).toContain('error=');
    expect(cookieHeader(again.headers['set-cookie'])).not.toContain('session_token=');
    const userId = await profileIdOf(ctx, newEmail);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId))).toHaveLength(1);
  });
});

describe('the takeover chain', () => {
  it('with only the owner’s session, the thief cannot move the account to another address', async () => {
    const owner = await signedInUser(ctx);
    const thiefEmail = uniqueEmail('thief');
    for (const password of ['', '123456', 'secret-pass', owner.email]) {
      expect((await askChange(owner.cookie, thiefEmail, password)).statusCode).not.toBe(200);
    }
    expect(ctx.mail.filter((m) => m.to === thiefEmail)).toEqual([]);
    await signIn(ctx, owner.email, owner.password, freshIp());
    const passwordReset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: freshIp(),
      payload: { email: thiefEmail },
    });
    // The thief's address has no account to reset.
    expect(passwordReset.statusCode).toBe(200);
    expect(ctx.mail.filter((m) => m.to === thiefEmail)).toEqual([]);
  });

  it('with the password too: change, confirm, reset — and the owner undoes it from the old address and regains the account', async () => {
    const owner = await signedInUser(ctx);
    const userId = await profileIdOf(ctx, owner.email);
    const thiefEmail = uniqueEmail('thief');
    const thiefPassword = 'thief-pass-1';
    const thiefDevice = await signIn(ctx, owner.email, owner.password, freshIp());

    // The thief moves the account to an address of theirs and confirms it there.
    expect((await askChange(thiefDevice, thiefEmail, owner.password)).statusCode).toBe(200);
    expect((await openConfirmation(thiefEmail, thiefDevice)).statusCode).toBe(302);
    expect((await whoAmI(owner.cookie)).statusCode).toBe(401);
    const changeNotice = lastMailTo(owner.email, CHANGED_SUBJECT);

    // Then sets a password of their own through the new address; every session ends, theirs included.
    expect((await resetPassword(thiefEmail, thiefPassword)).statusCode).toBe(200);
    expect((await whoAmI(thiefDevice)).statusCode).toBe(401);
    expect(lastMailTo(thiefEmail, 'تم تغيير كلمة المرور لحسابك في سيرة').to).toBe(thiefEmail);
    // The old address hears of the reset too, with the same undo link.
    const resetNotice = lastMailTo(owner.email, RESET_AFTER_CHANGE_SUBJECT);
    expect(resetNotice.text).toContain(thiefEmail);
    expect(undoTokenIn(resetNotice)).toBe(undoTokenIn(changeNotice));
    const thiefSession = await signIn(ctx, thiefEmail, thiefPassword, freshIp());
    // The owner is locked out.
    expect((await signInAnswer(owner.email, owner.password)).statusCode).toBe(401);

    // The owner opens the link from the notice: the page says what will happen, and nothing happens yet.
    const token = undoTokenIn(changeNotice);
    for (let n = 0; n < 2; n++) {
      const view = await undoView(token);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.headers['cache-control']).toBe('no-store');
      expect(view.json()).toMatchObject({ oldEmail: owner.email, newEmail: thiefEmail });
    }
    expect((await whoAmI(thiefSession)).statusCode).toBe(200);

    const undone = await undo(token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.headers['cache-control']).toBe('no-store');
    const { email, resetToken } = undone.json();
    expect(email).toBe(owner.email);
    expect(await addressesOf(userId)).toEqual({ login: owner.email, profile: owner.email });
    const [row] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
    expect(row?.undoneAt).toBeInstanceOf(Date);

    // The thief has nothing left: no session, and neither address with their password signs in.
    expect((await whoAmI(thiefSession)).statusCode).toBe(401);
    expect(await ctx.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect((await signInAnswer(thiefEmail, thiefPassword)).statusCode).toBe(401);
    expect((await signInAnswer(owner.email, thiefPassword)).statusCode).toBe(401);
    // Their confirmation link, opened again, moves nothing (better-auth's links stay valid for a day).
    const replayed = await openConfirmation(thiefEmail);
    expect([replayed.statusCode, replayed.headers.location]).toEqual([302, '/my-data?error=INVALID_TOKEN']);
    expect(replayed.headers['set-cookie']).toBeUndefined();
    expect(await addressesOf(userId)).toEqual({ login: owner.email, profile: owner.email });
    // Nor does the link again.
    expect((await undo(token)).json()).toEqual({ code: 'EMAIL_CHANGE_ALREADY_UNDONE' });

    // The owner sets a new password at once and signs in with the old address.
    expect((await ctx.app.inject({ url: `/api/auth/password-reset/${resetToken}`, remoteAddress: freshIp() })).statusCode).toBe(200);
    const sentBefore = ctx.mail.length;
    expect((await confirmReset(resetToken, 'owner-again-1')).statusCode).toBe(200);
    const regained = await signIn(ctx, owner.email, 'owner-again-1', freshIp());
    expect((await whoAmI(regained)).json().email).toBe(owner.email);
    // That reset is told to the account's address only: the change is undone.
    expect(ctx.mail.slice(sentBefore).map((m) => m.to)).toEqual([owner.email]);
  });
});

describe('the undo link', () => {
  it('refuses an altered token, a change older than seven days, and one already undone', async () => {
    const account = await changedAccount();
    const altered = `${account.undoToken.slice(0, 10)}${account.undoToken[10] === 'A' ? 'B' : 'A'}${account.undoToken.slice(11)}`;
    for (const token of [altered, 'not-a-token', account.undoToken.slice(0, -2)]) {
      expect((await undoView(token)).json()).toEqual({ code: 'EMAIL_CHANGE_UNDO_INVALID' });
      expect((await undo(token)).json()).toEqual({ code: 'EMAIL_CHANGE_UNDO_INVALID' });
    }

    // Just inside the seven days (by the database's clock, which stamped the change), then just past them.
    const age = (interval: string) =>
      ctx.db
        .update(emailChanges)
        .set({ createdAt: sql`now() - ${interval}::interval` })
        .where(eq(emailChanges.userId, account.userId));
    await age('6 days 23 hours');
    expect((await undoView(account.undoToken)).statusCode).toBe(200);
    await age('7 days 1 minute');
    const expired = await undoView(account.undoToken);
    expect([expired.statusCode, expired.json()]).toEqual([410, { code: 'EMAIL_CHANGE_UNDO_EXPIRED' }]);
    expect((await undo(account.undoToken)).json()).toEqual({ code: 'EMAIL_CHANGE_UNDO_EXPIRED' });
    expect(await addressesOf(account.userId)).toEqual({ login: account.newEmail, profile: account.newEmail });
    expect((await whoAmI(account.cookie)).statusCode).toBe(200);
  });

  it('limits undo attempts per client address', async () => {
    const ip = freshIp();
    for (let n = 0; n < 10; n++) expect((await undo('not-a-token', ip)).statusCode).toBe(404);
    expect((await undo('not-a-token', ip)).json()).toEqual({ code: 'RATE_LIMITED' });
    expect((await undo('not-a-token', freshIp())).statusCode).toBe(404);
  });

  it('undoing a change also undoes the later ones, whose links then undo nothing', async () => {
    const account = await changedAccount();
    const third = uniqueEmail('third');
    expect((await askChange(account.cookie, third, account.password)).statusCode).toBe(200);
    expect((await openConfirmation(third, account.cookie)).statusCode).toBe(302);
    const laterToken = undoTokenIn(lastMailTo(account.newEmail, CHANGED_SUBJECT));

    expect((await undo(account.undoToken)).statusCode).toBe(200);
    expect(await addressesOf(account.userId)).toEqual({ login: account.email, profile: account.email });
    // The link mailed to the middle address, which whoever made the first change may hold, cannot move it back.
    expect((await undo(laterToken)).json()).toEqual({ code: 'EMAIL_CHANGE_ALREADY_UNDONE' });
    const rows = await ctx.db.select({ undoneAt: emailChanges.undoneAt }).from(emailChanges).where(eq(emailChanges.userId, account.userId));
    expect(rows.map((r) => r.undoneAt instanceof Date)).toEqual([true, true]);
  });

  it('takes the old address back from an unconfirmed account registered with it meanwhile, not from a confirmed one', async () => {
    const squatted = await changedAccount();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: {
        email: squatted.email,
        phone: '0512345678',
        password: 'squatter-1',
        confirmPassword: 'squatter-1',
        fullName: 'سارة أحمد',
        acceptTerms: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await undo(squatted.undoToken)).statusCode).toBe(200);
    const holders = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, squatted.email));
    expect(holders).toEqual([{ id: squatted.userId }]);

    // Registered and confirmed at the old address: its mailbox's holder proved it too.
    const taken = await changedAccount();
    await signedInUser(ctx, { email: taken.email });
    const refused = await undo(taken.undoToken);
    expect([refused.statusCode, refused.json()]).toEqual([409, { code: 'EMAIL_CHANGE_UNDO_ADDRESS_TAKEN' }]);
    const [row] = await ctx.db.select({ undoneAt: emailChanges.undoneAt }).from(emailChanges).where(eq(emailChanges.userId, taken.userId));
    expect(row?.undoneAt).toBeNull();
    expect((await whoAmI(taken.cookie)).statusCode).toBe(200);
  });
});

describe('a password reset after an e-mail change', () => {
  it('tells the old address within seven days of the change, and not after them', async () => {
    const recent = await changedAccount();
    expect((await resetPassword(recent.newEmail, 'new-pass-1')).statusCode).toBe(200);
    expect(undoTokenIn(lastMailTo(recent.email, RESET_AFTER_CHANGE_SUBJECT))).toBe(recent.undoToken);

    const old = await changedAccount();
    await ctx.db
      .update(emailChanges)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(emailChanges.userId, old.userId));
    expect((await resetPassword(old.newEmail, 'new-pass-1')).statusCode).toBe(200);
    expect(mailTo(old.email, RESET_AFTER_CHANGE_SUBJECT)).toEqual([]);
    // The current address is told either way.
    expect(mailTo(old.newEmail, 'تم تغيير كلمة المرور لحسابك في سيرة')).toHaveLength(1);
  });
});
