import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { deliveries, profiles, sendJobs, userGmail } from '../../db/schema';
import type { LiveEvent } from '../../lib/event-bus';
import { createSecretBox } from '../../lib/secret-box';
import {
  getSendingCredentials,
  type MailboxDeps,
  MailboxRefreshError,
  MailboxUnavailableError,
  unlinkMailbox,
} from './mailbox-credentials';

const { ctx, sandbox } = useAppWithGoogleSandbox();
afterEach(() => sandbox.clearFaults());

const deps = (): MailboxDeps => ({ db: ctx.db, secretBox: ctx.app.secretBox, providers: ctx.app.providers, events: ctx.app.events });

/** A signed-in user linked to `mailbox` through the real flow; returns the profile id. */
async function linkedUser(mailbox: string) {
  const { cookie, email } = await signedInUser(ctx);
  await linkMailboxForTest(ctx, cookie, sandbox, mailbox);
  const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, profileId: row?.id as string };
}

const expireAccessToken = (profileId: string) =>
  ctx.db
    .update(userGmail)
    .set({ tokenExpiry: new Date(Date.now() - 1000) })
    .where(eq(userGmail.profileId, profileId));

/** The token is one Gmail accepts: a real messages.send through the sandbox. */
async function sendWith(accessToken: string, to: string) {
  const raw = Buffer.from(`To: ${to}\r\nSubject: test\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhello\r\n`).toString('base64url');
  return fetch(`${sandbox.endpoints.gmailApiBase}/gmail/v1/users/me/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ raw }),
  });
}

async function deliveriesFor(profileId: string, statuses: string[]) {
  const [job] = await ctx.db.insert(sendJobs).values({ profileId, subject: 's', content: 'c', resumePath: 'p.pdf' }).returning();
  const rows = statuses.map((status, i) => ({
    jobId: job?.id as string,
    profileId,
    recipientEmail: `hr${i}@company.example`,
    companyName: `company ${i}`,
    sector: 'x',
    location: 'y',
    status,
    // As the worker leaves them: a row in flight holds a lease.
    leaseExpiresAt: status === 'sending' ? new Date(Date.now() + 60_000) : null,
    nextAttemptAt: new Date(Date.now() + 3600_000),
  }));
  return ctx.db.insert(deliveries).values(rows).returning({ id: deliveries.id });
}
const statusesOf = async (profileId: string) =>
  (await ctx.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.profileId, profileId)))
    .map((r) => r.status)
    .sort();

describe('getSendingCredentials', () => {
  it('returns the stored token while it is fresh, without calling Google', async () => {
    const { profileId } = await linkedUser('fresh@gmail.com');
    sandbox.injectFault({ endpoint: 'token', status: 500 });
    const a = await getSendingCredentials(deps(), profileId);
    const b = await getSendingCredentials(deps(), profileId);
    expect(a).toEqual(b);
    expect(a.email).toBe('fresh@gmail.com');
    expect((await sendWith(a.accessToken, 'hr@company.example')).status).toBe(200);
  });

  it('refreshes an access token that has expired (or expires within 60 s) and stores it sealed', async () => {
    const { profileId } = await linkedUser('expired@gmail.com');
    const before = await getSendingCredentials(deps(), profileId);
    await expireAccessToken(profileId);
    const after = await getSendingCredentials(deps(), profileId);
    expect(after.accessToken).not.toBe(before.accessToken);
    const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
    expect(ctx.app.secretBox.open(link?.accessToken as string)).toBe(after.accessToken);
    expect(link?.tokenExpiry?.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect((await sendWith(after.accessToken, 'hr@company.example')).status).toBe(200);

    // Google issuing 30-second tokens: each is inside the 60 s margin, so it is refreshed before use.
    sandbox.setAccessTokenTtl(30);
    try {
      await expireAccessToken(profileId);
      const short = await getSendingCredentials(deps(), profileId);
      const again = await getSendingCredentials(deps(), profileId);
      expect(again.accessToken).not.toBe(short.accessToken);
    } finally {
      sandbox.setAccessTokenTtl(3599);
    }
  });

  it('refreshes once for concurrent callers (single flight per profile)', async () => {
    const { profileId } = await linkedUser('concurrent@gmail.com');
    await expireAccessToken(profileId);
    // The first refresh is slow; a second refresh would not be, and would yield a different token.
    sandbox.injectFault({ endpoint: 'token', status: 200, delayMs: 300, times: 1 });
    const results = await Promise.all([1, 2, 3, 4].map(() => getSendingCredentials(deps(), profileId)));
    expect(new Set(results.map((r) => r.accessToken)).size).toBe(1);
    // A caller whose token Gmail refused (forceRefresh) while another refreshed gets the newer token too.
    await expireAccessToken(profileId);
    const [x, y] = await Promise.all([
      getSendingCredentials(deps(), profileId),
      getSendingCredentials(deps(), profileId, { forceRefresh: true }),
    ]);
    expect(x.accessToken).toBe(y.accessToken);
  });

  it('retries a failing refresh 3 times, 1 s then 2 s apart, then succeeds', async () => {
    const { profileId } = await linkedUser('flaky@gmail.com');
    await expireAccessToken(profileId);
    sandbox.injectFault({ endpoint: 'token', status: 503, times: 2 });
    const started = Date.now();
    const creds = await getSendingCredentials(deps(), profileId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect((await sendWith(creds.accessToken, 'hr@company.example')).status).toBe(200);
  });

  it('gives up after 3 failed tries without unlinking', async () => {
    const { profileId } = await linkedUser('down@gmail.com');
    await expireAccessToken(profileId);
    sandbox.injectFault({ endpoint: 'token', status: 500, times: 3 });
    await expect(getSendingCredentials(deps(), profileId)).rejects.toBeInstanceOf(MailboxRefreshError);
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).toHaveLength(1);
  });

  it('answers not_linked for a user without a link', async () => {
    const { email } = await signedInUser(ctx);
    const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    await expect(getSendingCredentials(deps(), row?.id as string)).rejects.toMatchObject({ reason: 'not_linked' });
  });

  it('on invalid_grant: deletes the link, holds pending deliveries, sets the notice and publishes mailbox and sending', async () => {
    const { cookie, profileId } = await linkedUser('password.changed@gmail.com');
    await deliveriesFor(profileId, ['pending', 'pending', 'sent', 'failed', 'sending']);
    sandbox.revokeAll('password.changed@gmail.com');
    const events: LiveEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => e.profileId === profileId && events.push(e));
    const failure = await getSendingCredentials(deps(), profileId, { forceRefresh: true }).catch((e: unknown) => e);
    unsubscribe();
    expect(failure).toBeInstanceOf(MailboxUnavailableError);
    expect((failure as MailboxUnavailableError).reason).toBe('invalid_grant');
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).toEqual([]);
    expect(await statusesOf(profileId)).toEqual(['failed', 'held', 'held', 'sending', 'sent']);
    expect(events.map((e) => e.topic).sort()).toEqual(['mailbox', 'sending']);
    const status = (await ctx.app.inject({ url: '/api/mailbox', headers: { cookie } })).json();
    expect(status).toMatchObject({ linked: false, notice: 'invalid_grant', activeDeliveries: 3 });

    // Linking again resumes the held deliveries, due now, and clears the notice.
    await linkMailboxForTest(ctx, cookie, sandbox, 'password.changed@gmail.com');
    expect(await statusesOf(profileId)).toEqual(['failed', 'pending', 'pending', 'sending', 'sent']);
    const resumed = await ctx.db.select().from(deliveries).where(eq(deliveries.profileId, profileId));
    for (const d of resumed.filter((r) => r.status === 'pending')) expect(d.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await ctx.app.inject({ url: '/api/mailbox', headers: { cookie } })).json()).toMatchObject({ linked: true, notice: null });
  });

  it('a link sealed under another APP_SECRET ends like a revoked grant: unlinked, deliveries held, the user asked to link again', async () => {
    const { cookie, profileId } = await linkedUser('sealed.before.rotation@gmail.com');
    await deliveriesFor(profileId, ['pending', 'sent']);
    // The tokens as an earlier APP_SECRET sealed them (the access token still fresh).
    const earlier = createSecretBox('an-earlier-app-secret-that-is-long-enough-0123456789');
    await ctx.db
      .update(userGmail)
      .set({ refreshToken: earlier.seal('1//old-refresh'), accessToken: earlier.seal('ya29.old-access') })
      .where(eq(userGmail.profileId, profileId));
    const failure = await getSendingCredentials(deps(), profileId).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MailboxUnavailableError);
    expect((failure as MailboxUnavailableError).reason).toBe('invalid_grant');
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).toEqual([]);
    expect(await statusesOf(profileId)).toEqual(['held', 'sent']);
    expect((await ctx.app.inject({ url: '/api/mailbox', headers: { cookie } })).json()).toMatchObject({
      linked: false,
      notice: 'invalid_grant',
    });
  });

  it('keeps a refresh token the token endpoint rotated (RFC 6749 §6), so the next refresh still works', async () => {
    const { profileId } = await linkedUser('rotating.endpoint@gmail.com');
    await expireAccessToken(profileId);
    // Google does not rotate today; a token endpoint that does, answering one refresh.
    const endpoint = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'ya29.new', expires_in: 3599, refresh_token: '1//rotated', scope: '', token_type: 'Bearer' }));
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const tokenUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/token`;
      const rotating = { ...deps(), providers: { ...ctx.app.providers, google: { ...ctx.app.providers.google, tokenUrl } } };
      expect(await getSendingCredentials(rotating, profileId)).toMatchObject({ accessToken: 'ya29.new' });
      const [link] = await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId));
      expect(ctx.app.secretBox.open(link?.refreshToken as string)).toBe('1//rotated');
    } finally {
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });

  it('does not unlink when the platform itself is refused (invalid_client after a secret change)', async () => {
    const { profileId } = await linkedUser('wrong.secret@gmail.com');
    const { settings } = await import('../../db/schema');
    const { readGmailSetting } = await import('./providers/gmail/gmail-settings');
    const current = await readGmailSetting(ctx.db);
    await ctx.db
      .update(settings)
      .set({ value: { ...current, client_secret: ctx.app.secretBox.seal('not-the-secret') } })
      .where(eq(settings.key, 'gmail'));
    await expireAccessToken(profileId);
    await expect(getSendingCredentials(deps(), profileId)).rejects.toBeInstanceOf(MailboxRefreshError);
    expect(await ctx.db.select().from(userGmail).where(eq(userGmail.profileId, profileId))).toHaveLength(1);
  });
});

describe('unlinkMailbox', () => {
  it("by the user: holds pending deliveries without the invalid_grant notice; does not touch other users' rows", async () => {
    const a = await linkedUser('a.user@gmail.com');
    const b = await linkedUser('b.user@gmail.com');
    await deliveriesFor(a.profileId, ['pending']);
    await deliveriesFor(b.profileId, ['pending']);
    await unlinkMailbox(deps(), a.profileId, 'user');
    expect(await statusesOf(a.profileId)).toEqual(['held']);
    expect(await statusesOf(b.profileId)).toEqual(['pending']);
    const [profile] = await ctx.db.select({ notice: profiles.mailboxNotice }).from(profiles).where(eq(profiles.id, a.profileId));
    expect(profile?.notice).toBeNull();
  });
});
