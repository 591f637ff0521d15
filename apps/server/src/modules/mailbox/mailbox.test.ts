import { GMAIL_SEND_SCOPE } from '@sira/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { TEST_BASE_URL } from '../../../test-support/global-setup';
import {
  answerConsent,
  followCallback,
  linkMailboxForTest,
  startConnect,
  useAppWithGoogleSandbox,
  useSandboxClient,
} from '../../../test-support/mailbox';
import { mailboxOauthStates, profiles, userGmail } from '../../db/schema';
import type { LiveEvent } from '../../lib/event-bus';
import { createSecretBox } from '../../lib/secret-box';

const { ctx, sandbox } = useAppWithGoogleSandbox();
afterEach(() => sandbox.clearFaults());

const status = async (cookie: string, verify = false) => {
  const res = await ctx.app.inject({ url: `/api/mailbox${verify ? '?verify=true' : ''}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const profileIdOf = async (email: string) => {
  const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return row?.id as string;
};

describe('connect', () => {
  it('sends the user to the consent page with the configured client, redirect URI, scopes, offline access, consent, state and PKCE', async () => {
    const { cookie, email } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const url = new URL(await startConnect(ctx, cookie));
    expect(`${url.origin}${url.pathname}`).toBe(sandbox.endpoints.authorizeUrl);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(sandbox.clientId);
    expect(q.get('redirect_uri')).toBe(`${TEST_BASE_URL}/api/mailbox/callback`);
    expect(q.get('scope')?.split(' ').sort()).toEqual([GMAIL_SEND_SCOPE, 'email', 'openid'].sort());
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [state] = await ctx.db
      .select()
      .from(mailboxOauthStates)
      .where(eq(mailboxOauthStates.state, q.get('state') as string));
    expect(state?.profileId).toBe(await profileIdOf(email));
    // The verifier stays on the server: the browser only sees its hash.
    expect(url.toString()).not.toContain(state?.codeVerifier);
  });

  it('links the mailbox: tokens sealed at rest, address read from userinfo, status linked, events published', async () => {
    const { cookie, email } = await signedInUser(ctx);
    const profileId = await profileIdOf(email);
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === profileId && events.push(e));
    await linkMailboxForTest(ctx, cookie, sandbox, 'Linked.User@Gmail.com');
    unsubscribe();

    expect(await status(cookie)).toEqual({
      linked: true,
      email: 'linked.user@gmail.com',
      notice: null,
      activeDeliveries: 0,
      pausedUntil: null,
    });
    expect(events.map((e) => e.topic)).toContain('mailbox');
    const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
    expect(link?.refreshToken).toMatch(/^v1\./);
    expect(link?.accessToken).toMatch(/^v1\./);
    expect(ctx.app.secretBox.open(link?.refreshToken as string)).toMatch(/^1\/\/0sbx\./);
    expect(link?.scopes).toContain(GMAIL_SEND_SCOPE);
    expect(link?.googleSub).toMatch(/^\d{21}$/);
    // The state was used up.
    expect(await ctx.db.select().from(mailboxOauthStates).where(eq(mailboxOauthStates.profileId, profileId))).toEqual([]);
  });

  it('never sends a token to the browser', async () => {
    const { cookie } = await signedInUser(ctx);
    await linkMailboxForTest(ctx, cookie, sandbox, 'no.leak@gmail.com');
    const body = JSON.stringify(await status(cookie, true));
    expect(body).not.toMatch(/ya29|1\/\/0sbx|v1\./);
  });

  it('rejects a replayed state: each state is single use', async () => {
    const { cookie } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const callbackUrl = await answerConsent(await startConnect(ctx, cookie), { email: 'replay@gmail.com' });
    expect(await followCallback(ctx, cookie, callbackUrl)).toBe('linked');
    expect(await followCallback(ctx, cookie, callbackUrl)).toBe('state_invalid');
  });

  it("rejects another user's state, and leaves it usable for its owner", async () => {
    const victim = await signedInUser(ctx);
    const attacker = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const callbackUrl = await answerConsent(await startConnect(ctx, victim.cookie), { email: 'victim@gmail.com' });
    expect(await followCallback(ctx, attacker.cookie, callbackUrl)).toBe('state_invalid');
    expect((await status(attacker.cookie)).linked).toBe(false);
    expect(await followCallback(ctx, victim.cookie, callbackUrl)).toBe('linked');
  });

  it('rejects an unknown or missing state and an expired one', async () => {
    const { cookie, email } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const callbackUrl = new URL(await answerConsent(await startConnect(ctx, cookie), { email: 'late@gmail.com' }));
    const state = callbackUrl.searchParams.get('state') as string;
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${state}x`);
    expect(await followCallback(ctx, cookie, tampered.toString())).toBe('state_invalid');
    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    expect(await followCallback(ctx, cookie, missing.toString())).toBe('state_invalid');
    await ctx.db
      .update(mailboxOauthStates)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(mailboxOauthStates.state, state));
    expect(await followCallback(ctx, cookie, callbackUrl.toString())).toBe('state_invalid');
    expect((await status(cookie)).linked).toBe(false);
    expect(await profileIdOf(email)).toBeTruthy();
  });

  it('reports a refusal on the consent page as denied', async () => {
    const { cookie } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const callbackUrl = await answerConsent(await startConnect(ctx, cookie), { email: 'no@gmail.com', deny: true });
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    expect(await followCallback(ctx, cookie, callbackUrl)).toBe('denied');
    expect((await status(cookie)).linked).toBe(false);
  });

  it('does not link when the user unticked the send permission, and gives the grant back', async () => {
    const { cookie } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    const callbackUrl = await answerConsent(await startConnect(ctx, cookie), { email: 'unticked@gmail.com', grantSend: false });
    expect(new URL(callbackUrl).searchParams.get('scope')).not.toContain(GMAIL_SEND_SCOPE);
    expect(await followCallback(ctx, cookie, callbackUrl)).toBe('scope_missing');
    expect((await status(cookie)).linked).toBe(false);
  });

  it('does not link an account whose address Google has not verified', async () => {
    const { cookie } = await signedInUser(ctx);
    await useSandboxClient(ctx, sandbox);
    sandbox.markUnverified('not.verified@example.com');
    const callbackUrl = await answerConsent(await startConnect(ctx, cookie), { email: 'not.verified@example.com' });
    expect(await followCallback(ctx, cookie, callbackUrl)).toBe('email_unverified');
    expect((await status(cookie)).linked).toBe(false);
  });

  it('sends a visitor without a session to sign in', async () => {
    const res = await ctx.app.inject({ url: '/api/mailbox/callback?state=x&code=y' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?from=%2Fsend-resume');
  });

  it.each([
    ['no client secret is stored', null],
    // Sealed under an earlier APP_SECRET (ADR 006): the admin tab shows it as not set; it was a 500 here.
    ['the stored client secret cannot be opened', createSecretBox('an earlier app secret, 32 chars or more').seal('secret')],
  ])('answers MAILBOX_NOT_CONFIGURED when %s', async (_case, clientSecret) => {
    const { cookie } = await signedInUser(ctx);
    const { settings } = await import('../../db/schema');
    const { readGmailSetting } = await import('./providers/gmail/gmail-settings');
    const before = await readGmailSetting(ctx.db);
    await ctx.db
      .update(settings)
      .set({ value: { ...before, client_secret: clientSecret } })
      .where(eq(settings.key, 'gmail'));
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/mailbox/connect', headers: { cookie } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'MAILBOX_NOT_CONFIGURED' });
    } finally {
      await useSandboxClient(ctx, sandbox);
    }
  });
});

/** Asks the sandbox's token endpoint for a fresh access token with this refresh token. */
const refreshWith = (refreshToken: string) =>
  fetch(sandbox.endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
    }).toString(),
  });

describe('linking again', () => {
  it('keeps the earlier grant when the same Google account is linked again, and revokes it when another replaces it', async () => {
    const { cookie, email } = await signedInUser(ctx);
    const profileId = await profileIdOf(email);
    const mailbox = `relink.${Date.now()}@gmail.com`;
    const tokenNow = async () => {
      const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
      return ctx.app.secretBox.open(link?.refreshToken as string);
    };
    await linkMailboxForTest(ctx, cookie, sandbox, mailbox);
    const first = await tokenNow();
    // Google ends the whole grant when one of its tokens is revoked; the same account consenting again joins it.
    await linkMailboxForTest(ctx, cookie, sandbox, mailbox);
    expect(await tokenNow()).not.toBe(first);
    expect((await refreshWith(first)).status).toBe(200);

    const second = await tokenNow();
    await linkMailboxForTest(ctx, cookie, sandbox, `other.${mailbox}`);
    const refused = await refreshWith(second);
    expect([refused.status, ((await refused.json()) as { error?: string }).error]).toEqual([400, 'invalid_grant']);
  });
});

describe('unlink', () => {
  it('revokes the grant at Google, deletes the link and publishes mailbox', async () => {
    const { cookie, email } = await signedInUser(ctx);
    const profileId = await profileIdOf(email);
    await linkMailboxForTest(ctx, cookie, sandbox, 'unlink.me@gmail.com');
    const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
    const refreshToken = ctx.app.secretBox.open(link?.refreshToken as string);

    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === profileId && events.push(e));
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie } });
    unsubscribe();
    expect(res.statusCode).toBe(204);
    expect(events.map((e) => e.topic)).toContain('mailbox');
    expect(await status(cookie)).toMatchObject({ linked: false, email: null, notice: null });
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).toEqual([]);

    // Google no longer honours the refresh token.
    const refresh = await refreshWith(refreshToken);
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error?: string }).error).toBe('invalid_grant');
  });

  it('leaves the grant alone when another account is linked to the same Gmail: unlinking one keeps the other working', async () => {
    const first = await signedInUser(ctx);
    const second = await signedInUser(ctx);
    const shared = `shared.${Date.now()}@gmail.com`;
    await linkMailboxForTest(ctx, first.cookie, sandbox, shared);
    await linkMailboxForTest(ctx, second.cookie, sandbox, shared);
    const secondId = await profileIdOf(second.email);
    const [kept] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, secondId));

    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie: first.cookie } })).statusCode).toBe(204);
    expect((await refreshWith(ctx.app.secretBox.open(kept?.refreshToken as string))).status).toBe(200);
  });

  it('still unlinks when Google cannot be reached for the revoke', async () => {
    const { cookie } = await signedInUser(ctx);
    await linkMailboxForTest(ctx, cookie, sandbox, 'offline.revoke@gmail.com');
    sandbox.injectFault({ endpoint: 'revoke', status: 503 });
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await status(cookie)).linked).toBe(false);
  });

  it('answers MAILBOX_NOT_LINKED when nothing is linked', async () => {
    const { cookie } = await signedInUser(ctx);
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/mailbox', headers: { cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MAILBOX_NOT_LINKED' });
  });
});

describe('re-check', () => {
  it('notices a grant revoked at Google: unlinks, with the invalid_grant notice, and publishes mailbox', async () => {
    const { cookie, email } = await signedInUser(ctx);
    const profileId = await profileIdOf(email);
    await linkMailboxForTest(ctx, cookie, sandbox, 'revoked.elsewhere@gmail.com');
    sandbox.revokeAll('revoked.elsewhere@gmail.com');
    // Without verify the stored link is reported as it is; no call to Google.
    expect((await status(cookie)).linked).toBe(true);
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === profileId && events.push(e));
    expect(await status(cookie, true)).toMatchObject({ linked: false, email: null, notice: 'invalid_grant' });
    unsubscribe();
    expect(events.map((e) => e.topic)).toContain('mailbox');
  });

  it('keeps a healthy link, and keeps it when Google is unreachable', async () => {
    const { cookie } = await signedInUser(ctx);
    await linkMailboxForTest(ctx, cookie, sandbox, 'healthy@gmail.com');
    sandbox.injectFault({ endpoint: 'userinfo', status: 503 });
    expect(await status(cookie, true)).toMatchObject({ linked: true, email: 'healthy@gmail.com', notice: null });
  });

  it('clears the notice when the user links again', async () => {
    const { cookie } = await signedInUser(ctx);
    await linkMailboxForTest(ctx, cookie, sandbox, 'again@gmail.com');
    sandbox.revokeAll('again@gmail.com');
    expect((await status(cookie, true)).notice).toBe('invalid_grant');
    await linkMailboxForTest(ctx, cookie, sandbox, 'again@gmail.com');
    expect(await status(cookie)).toMatchObject({ linked: true, email: 'again@gmail.com', notice: null });
  });
});
