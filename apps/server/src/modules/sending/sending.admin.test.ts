import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import type { SendingLogPage, SendingSettings } from '@sira/shared/schemas/sending-admin';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { profileIdOf } from '../../../test-support/sending';
import { auditLog, failedEmails, sendJobs } from '../../db/schema';
import { readSetting } from '../../lib/settings';

/** The admin's email_settings and email_logs tabs on the server, and the failed e-mails table. */

const ctx = useTestApp();

const valid: SendingSettings = {
  delay: { batch_size: 50, batch_delay: 120, email_delay: 3, max_per_minute: 20, max_per_hour: 600, retry_delay: 600, max_retries: 5 },
  dailyCaps: { gmail: 450, workspace: 1500 },
};

describe('sending settings', () => {
  it('starts from the spec defaults and the default daily caps', async () => {
    const admin = await signedInAdmin(ctx);
    const res = await ctx.app.inject({ url: '/api/admin/sending/settings', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delay: DEFAULT_EMAIL_DELAY_SETTINGS, dailyCaps: DEFAULT_DAILY_CAPS });
  });

  it('saves valid settings under email_delay_settings and daily_caps, with an audit entry', async () => {
    const admin = await signedInAdmin(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/sending/settings',
      headers: { cookie: admin.cookie },
      payload: valid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(valid);
    expect(await readSetting(ctx.db, 'email_delay_settings')).toEqual(valid.delay);
    expect(await readSetting(ctx.db, 'daily_caps')).toEqual(valid.dailyCaps);
    const again = await ctx.app.inject({ url: '/api/admin/sending/settings', headers: { cookie: admin.cookie } });
    expect(again.json()).toEqual(valid);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sending.settings.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toEqual(expect.objectContaining({ actorEmail: admin.email, after: valid }));
  });

  it('follows spec §5: a non-number becomes 0, then every value is held to its range (the minimums of §5)', async () => {
    const admin = await signedInAdmin(ctx);
    const put = (payload: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/admin/sending/settings', headers: { cookie: admin.cookie }, payload: payload as object });
    expect((await put(valid)).statusCode).toBe(200);
    const typed = {
      delay: {
        batch_size: 0, // under its minimum of 1
        batch_delay: 'abc', // not a number: 0
        email_delay: -5, // under 0
        max_per_minute: '', // empty: 0, then the minimum 1
        max_per_hour: ' 90 ', // typed with spaces: a number
        retry_delay: 1.9, // a fraction loses its decimals
        max_retries: 1_000, // over our maximum of 100
      },
      dailyCaps: { gmail: null, workspace: '2500' },
    };
    const stored = {
      delay: { batch_size: 1, batch_delay: 0, email_delay: 0, max_per_minute: 1, max_per_hour: 90, retry_delay: 1, max_retries: 100 },
      dailyCaps: { gmail: 1, workspace: 2500 },
    };
    const res = await put(typed);
    expect([res.statusCode, res.json()]).toEqual([200, stored]);
    expect(await readSetting(ctx.db, 'email_delay_settings')).toEqual(stored.delay);
    expect(await readSetting(ctx.db, 'daily_caps')).toEqual(stored.dailyCaps);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sending.settings.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.after).toEqual(stored);

    // A field or group the request leaves out keeps its stored value: only what was typed changes.
    const partial = await put({ delay: { batch_size: 25 } });
    expect(partial.json()).toEqual({ delay: { ...stored.delay, batch_size: 25 }, dailyCaps: stored.dailyCaps });
    // A group that is not a set of fields at all is a malformed request, not a typed value.
    expect((await put({ delay: 'fast', dailyCaps: stored.dailyCaps })).json()).toEqual({ code: 'INVALID_SETTINGS' });
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    expect((await ctx.app.inject({ url: '/api/admin/sending/settings', headers: { cookie: user.cookie } })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/admin/sending/settings', headers: { cookie: user.cookie }, payload: valid }))
        .statusCode,
    ).toBe(403);
  });
});

describe('send logs', () => {
  it('searches by user e-mail or subject, filters by status, counts four summaries and pages by 50', async () => {
    const admin = await signedInAdmin(ctx);
    const alice = await signedInUser(ctx, { email: `alice.logs.${Date.now()}@sira.example` });
    const bob = await signedInUser(ctx, { email: `bob.logs.${Date.now()}@sira.example` });
    const aliceId = await profileIdOf(ctx, alice.email);
    const bobId = await profileIdOf(ctx, bob.email);
    const job = (profileId: string, subject: string, status: string, minutesAgo: number, counts = { sent: 0, failed: 0, total: 10 }) => ({
      profileId,
      subject,
      content: '<p>x</p>',
      resumePath: `${profileId}/cv.pdf`,
      status,
      sentCount: counts.sent,
      failedCount: counts.failed,
      totalEmailsIntended: counts.total,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await ctx.db
      .insert(sendJobs)
      .values([
        job(aliceId, 'مطور واجهات — فرصة', 'completed', 5, { sent: 9, failed: 1, total: 10 }),
        job(aliceId, 'محاسب قانوني', 'pending', 4),
        job(bobId, 'مطور خلفيات', 'processing', 3, { sent: 2, failed: 0, total: 10 }),
        job(bobId, 'مهندس مدني', 'failed', 2, { sent: 0, failed: 10, total: 10 }),
        ...Array.from({ length: 55 }, (_, i) => job(bobId, `طلب رقم ${i}`, 'completed', 100 + i)),
      ]);
    const logs = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/sending/logs?${query}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SendingLogPage;
    };

    const byAlice = await logs(`search=${encodeURIComponent('ALICE.LOGS')}`);
    expect(byAlice.summary).toEqual({ total: 2, inProgress: 1, completed: 1, failed: 0 });
    expect(byAlice.rows.map((r) => r.subject)).toEqual(['محاسب قانوني', 'مطور واجهات — فرصة']);
    expect(byAlice.rows[1]).toEqual(
      expect.objectContaining({ userEmail: alice.email, packageName: 'تجريبي', status: 'completed', sent: 9, failed: 1, total: 10 }),
    );

    const bySubject = await logs(`search=${encodeURIComponent('مطور')}`);
    expect(bySubject.rows.map((r) => r.subject)).toEqual(['مطور خلفيات', 'مطور واجهات — فرصة']);
    const filtered = await logs(`search=${encodeURIComponent('مطور')}&status=processing`);
    expect(filtered.rows.map((r) => r.subject)).toEqual(['مطور خلفيات']);
    expect(filtered.total).toBe(1);
    // The counters describe what the table shows: the search and the status filter.
    expect(filtered.summary).toEqual({ total: 1, inProgress: 1, completed: 0, failed: 0 });
    const none = await logs(`search=${encodeURIComponent('مطور')}&status=failed`);
    expect([none.rows, none.total, none.summary]).toEqual([[], 0, { total: 0, inProgress: 0, completed: 0, failed: 0 }]);
    expect((await logs(`search=${encodeURIComponent('مطور')}&status=completed`)).summary).toEqual({
      total: 1,
      inProgress: 0,
      completed: 1,
      failed: 0,
    });

    const bobs = await logs(`search=${encodeURIComponent(bob.email)}&page=1`);
    expect(bobs.total).toBe(57);
    expect(bobs.pageSize).toBe(50);
    expect(bobs.rows).toHaveLength(50);
    expect((await logs(`search=${encodeURIComponent(bob.email)}&page=2`)).rows).toHaveLength(7);
    expect(bobs.summary).toEqual({ total: 57, inProgress: 1, completed: 55, failed: 1 });

    // % and _ in a search are literal characters, not wildcards.
    expect((await logs('search=%25')).total).toBe(0);
    const bad = await ctx.app.inject({ url: '/api/admin/sending/logs?status=sent', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('failed e-mails', () => {
  it('lists failures newest first with the sender’s e-mail, 50 a page', async () => {
    const admin = await signedInAdmin(ctx);
    const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    const sender = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, sender.email);
    const start = Date.parse('2030-01-01T00:00:00Z');
    await ctx.db.insert(failedEmails).values(
      Array.from({ length: 55 }, (_, i) => ({
        profileId,
        email: `hr${i}@bounce.example`,
        error: i === 54 ? '550 5.1.1 The email account that you tried to reach does not exist' : 'timeout',
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const first = (await get('/api/admin/sending/failed-emails')).json();
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50, pageCount: 2 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({
      email: 'hr54@bounce.example',
      userEmail: sender.email,
      error: '550 5.1.1 The email account that you tried to reach does not exist',
      createdAt: new Date(start + 54 * 60_000).toISOString(),
    });
    const second = (await get('/api/admin/sending/failed-emails?page=2')).json();
    expect(second.items.map((f: { email: string }) => f.email)).toEqual(
      ['hr4', 'hr3', 'hr2', 'hr1', 'hr0'].map((h) => `${h}@bounce.example`),
    );
    expect((await get('/api/admin/sending/failed-emails?page=9')).json()).toMatchObject({ page: 2, items: second.items });
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    const asUser = await ctx.app.inject({ url: '/api/admin/sending/failed-emails', headers: { cookie: user.cookie } });
    expect(asUser.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/sending/failed-emails' })).statusCode).toBe(401);
  });
});
