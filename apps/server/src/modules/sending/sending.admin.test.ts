import { DEFAULT_DAILY_CAPS, DEFAULT_EMAIL_DELAY_SETTINGS } from '@sira/shared';
import type { AdminFailedEmailsPage, SendingLogPage, SendingSettings } from '@sira/shared/schemas/sending-admin';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { profileIdOf } from '../../../test-support/sending';
import { auditLog, failedEmails, sendJobs } from '../../db/schema';
import { readSetting } from '../../lib/settings';
import { listFailedEmails } from './failed-emails.service';

/** The admin's email_settings and email_logs tabs on the server, and the failed e-mails table. */

const ctx = useTestApp();

const valid: SendingSettings = {
  delay: { batch_size: 50, batch_delay: 120, email_delay: 3, max_per_minute: 20, max_per_hour: 600, retry_delay: 600, max_retries: 5 },
  dailyCaps: { gmail: 450, workspace: 1500, outlook: 270, microsoft365: 1800, smtp: 300 },
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
      dailyCaps: { gmail: 1, workspace: 2500, outlook: 270, microsoft365: 1800, smtp: 300 },
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

    const bobs = await logs(`search=${encodeURIComponent(bob.email)}`);
    expect(bobs).toMatchObject({ total: 57, totalIsEstimate: false, from: 1, pageSize: 50, cursors: { previous: null } });
    expect(bobs.rows).toHaveLength(50);
    const bobsNext = await logs(`search=${encodeURIComponent(bob.email)}&cursor=${bobs.cursors.next}`);
    expect(bobsNext).toMatchObject({ from: 51, cursors: { next: null, last: null } });
    expect(bobsNext.rows).toHaveLength(7);
    expect(bobs.summary).toEqual({ total: 57, inProgress: 1, completed: 55, failed: 1 });
    expect(bobsNext.summary).toEqual(bobs.summary);

    // % and _ in a search are literal characters, not wildcards.
    expect((await logs('search=%25')).total).toBe(0);
    const bad = await ctx.app.inject({ url: '/api/admin/sending/logs?status=sent', headers: { cookie: admin.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('walks the logs by key both ways, jobs of the same microsecond included, each once, within the filters', async () => {
    const admin = await signedInAdmin(ctx);
    const carol = await signedInUser(ctx, { email: `carol.walk.${Date.now()}@sira.example` });
    const carolId = await profileIdOf(ctx, carol.email);
    const at = new Date('2031-03-01T08:00:00.123456Z');
    // 130 jobs, ten created at each instant: their ids order them.
    const inserted = await ctx.db
      .insert(sendJobs)
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          profileId: carolId,
          subject: `مسار ${i}`,
          content: '<p>x</p>',
          resumePath: `${carolId}/cv.pdf`,
          status: i % 3 === 0 ? 'completed' : 'failed',
          createdAt: new Date(at.getTime() - Math.floor(i / 10) * 60_000),
        })),
      )
      .returning({ id: sendJobs.id });
    expect(inserted).toHaveLength(130);
    // Microseconds a JS Date cannot carry: ten jobs a microsecond apart, read by key all the same.
    await ctx.db.execute(
      sql`update send_jobs set created_at = created_at + (interval '1 microsecond' * (ascii(right(subject, 1)) % 10))
        where profile_id = ${carolId} and subject like 'مسار 12_'`,
    );
    const logs = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/sending/logs?${query}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SendingLogPage;
    };
    for (const status of ['', 'failed'] as const) {
      const filters = `search=${encodeURIComponent(carol.email)}${status ? `&status=${status}` : ''}`;
      const expected = (
        await ctx.db
          .select({ id: sendJobs.id })
          .from(sendJobs)
          .where(status ? and(eq(sendJobs.profileId, carolId), eq(sendJobs.status, status)) : eq(sendJobs.profileId, carolId))
          .orderBy(desc(sendJobs.createdAt), desc(sendJobs.id))
      ).map((r) => r.id);
      expect(expected.length).toBe(status ? 86 : 130);
      const forward: string[] = [];
      const places: number[] = [];
      let page = await logs(filters);
      for (;;) {
        forward.push(...page.rows.map((r) => r.id));
        places.push(page.from);
        if (!page.cursors.next) break;
        page = await logs(`${filters}&cursor=${page.cursors.next}`);
      }
      expect(forward).toEqual(expected);
      expect(places).toEqual(Array.from({ length: places.length }, (_, i) => 1 + i * 50));
      const backward: string[] = [];
      page = await logs(`${filters}&cursor=${(await logs(filters)).cursors.last}`);
      expect(page.cursors.next).toBeNull();
      for (;;) {
        backward.unshift(...page.rows.map((r) => r.id));
        if (!page.cursors.previous) break;
        page = await logs(`${filters}&cursor=${page.cursors.previous}`);
      }
      expect(backward).toEqual(expected);
    }
    // A cursor made up, altered, or of other filters is refused.
    const refused = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/admin/sending/logs?${query}`, headers: { cookie: admin.cookie } });
      expect([res.statusCode, res.json().code], query).toEqual([400, 'CURSOR_INVALID']);
    };
    const next = (await logs(`search=${encodeURIComponent(carol.email)}`)).cursors.next as string;
    await refused(`search=${encodeURIComponent(carol.email)}&cursor=bm90LWEtY3Vyc29y`);
    await refused(`search=${encodeURIComponent(carol.email)}&cursor=${encodeURIComponent('not a cursor')}`);
    await refused(`search=${encodeURIComponent(carol.email)}&status=failed&cursor=${next}`);
    await refused(`cursor=${next}`);
    const decoded = JSON.parse(Buffer.from(next, 'base64url').toString('utf8'));
    const altered = Buffer.from(JSON.stringify({ ...decoded, k: ['yesterday', decoded.k[1]] }), 'utf8').toString('base64url');
    await refused(`search=${encodeURIComponent(carol.email)}&cursor=${altered}`);
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
    expect(first).toMatchObject({ total: 55, totalIsEstimate: false, from: 1, pageSize: 50, cursors: { previous: null } });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({
      email: 'hr54@bounce.example',
      userEmail: sender.email,
      error: '550 5.1.1 The email account that you tried to reach does not exist',
      createdAt: new Date(start + 54 * 60_000).toISOString(),
    });
    const second = (await get(`/api/admin/sending/failed-emails?cursor=${first.cursors.next}`)).json();
    expect(second.items.map((f: { email: string }) => f.email)).toEqual(
      ['hr4', 'hr3', 'hr2', 'hr1', 'hr0'].map((h) => `${h}@bounce.example`),
    );
    expect(second).toMatchObject({ from: 51, cursors: { next: null, last: null } });
    // The last page is a whole page, the oldest 50.
    const last = (await get(`/api/admin/sending/failed-emails?cursor=${first.cursors.last}`)).json();
    expect(last).toMatchObject({ from: 6, cursors: { next: null } });
    expect(last.items.slice(-5)).toEqual(second.items);
    expect((await get(`/api/admin/sending/failed-emails?cursor=${second.cursors.previous}`)).json().items).toEqual(first.items);
  });

  it('walks the failures by key both ways, those of the same instant included, each once; refuses a bad cursor', async () => {
    const admin = await signedInAdmin(ctx);
    const get = async (cursor?: string | null) => {
      const res = await ctx.app.inject({
        url: `/api/admin/sending/failed-emails${cursor ? `?cursor=${cursor}` : ''}`,
        headers: { cookie: admin.cookie },
      });
      return res;
    };
    const sender = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, sender.email);
    // 120 more failures, forty at each of three instants.
    await ctx.db.insert(failedEmails).values(
      Array.from({ length: 120 }, (_, i) => ({
        profileId,
        email: `tie${i}@bounce.example`,
        error: 'timeout',
        createdAt: new Date(Date.parse('2029-06-01T00:00:00Z') + (i % 3) * 1000),
      })),
    );
    const expected = (
      await ctx.db.select({ id: failedEmails.id }).from(failedEmails).orderBy(desc(failedEmails.createdAt), desc(failedEmails.id))
    ).map((r) => r.id);
    type Page = AdminFailedEmailsPage;
    const forward: string[] = [];
    let page = (await get()).json() as Page;
    expect(page.total).toBe(expected.length);
    for (;;) {
      forward.push(...page.items.map((f) => f.id));
      if (!page.cursors.next) break;
      page = (await get(page.cursors.next)).json() as Page;
    }
    expect(forward).toEqual(expected);
    const backward: string[] = [];
    page = (await get(((await get()).json() as Page).cursors.last)).json() as Page;
    for (;;) {
      backward.unshift(...page.items.map((f) => f.id));
      if (!page.cursors.previous) break;
      page = (await get(page.cursors.previous)).json() as Page;
    }
    expect(backward).toEqual(expected);

    // Past the count limit the total is the planner's estimate, and the last pages say so.
    const estimated = await listFailedEmails(ctx.db, {}, 60);
    expect(estimated).toMatchObject({ totalIsEstimate: true, from: 1, fromIsEstimate: false });
    expect(estimated.total).toBeGreaterThan(60);
    const last = await listFailedEmails(ctx.db, { cursor: estimated.cursors.last ?? undefined }, 60);
    expect(last.cursors.next).toBeNull();

    const bad = await get('bm90LWEtY3Vyc29y');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'CURSOR_INVALID']);
    const logsCursor = (await ctx.app.inject({ url: '/api/admin/sending/logs', headers: { cookie: admin.cookie } })).json().cursors
      .current as string;
    const other = await get(logsCursor);
    expect([other.statusCode, other.json().code]).toEqual([400, 'CURSOR_INVALID']);
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(ctx);
    const asUser = await ctx.app.inject({ url: '/api/admin/sending/failed-emails', headers: { cookie: user.cookie } });
    expect(asUser.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/sending/failed-emails' })).statusCode).toBe(401);
  });
});
