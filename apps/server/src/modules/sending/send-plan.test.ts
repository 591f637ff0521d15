import type { SendingStatus } from '@sira/shared/schemas/sending';
import type { SendPlan } from '@sira/shared/schemas/sending-window';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { FAST_SETTINGS, profileIdOf, schedule, setBalance, uploadedResumeId, useSendingSettings } from '../../../test-support/sending';
import { auditLog, sendJobs, userGmail } from '../../db/schema';
import { readSetting } from '../../lib/settings';
import { listDeliveries } from './deliveries.service';
import { planSend } from './send-plan.service';
import { SENDING_WINDOW_KEY } from './sending-window-settings';
import { getSendingStatus } from './status.service';

/**
 * The admin's sending window over HTTP, the window a job records, and the plan shown before sending — worked
 * out by hand for a Thursday afternoon in Riyadh before a long weekend.
 */

const { ctx, sandbox } = useAppWithGoogleSandbox();

const admin = () => signedInAdmin(ctx);
const putWindow = async (cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/sending/window', headers: { cookie }, payload: payload as object });

/** Thursday 25 November 2027, 15:50 Riyadh: ten minutes before the default window closes. */
const THURSDAY_1550 = new Date('2027-11-25T12:50:00Z');
/** One message a minute, a cap of ten a day: the window and the cap decide the days. */
const MINUTE_PACING = { ...FAST_SETTINGS.delay, email_delay: 60 };
const WINDOW = { days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: ['2027-11-28'] };

async function userWithMailbox(balance: number, dailyCap: number) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  const mailbox = `plan.${profileId.slice(0, 8)}@gmail.com`;
  await linkMailboxForTest(ctx, account.cookie, sandbox, mailbox);
  await ctx.db.update(userGmail).set({ dailyCap }).where(eq(userGmail.profileId, profileId));
  await setBalance(ctx, profileId, balance);
  return { ...account, profileId, mailbox };
}

const summary = (p: SendPlan) => ({
  messages: p.messages,
  days: p.days,
  sendingDays: p.sendingDays,
  firstDayCount: p.firstDayCount,
  startsAt: p.startsAt,
  finishAt: p.finishAt,
  sentLast24h: p.sentLast24h,
  dailyCap: p.dailyCap,
});

describe('the admin’s sending window', () => {
  it('starts as Sunday–Thursday 08:00–16:00 with no holidays; saves sorted, audited; only for the administrator', async () => {
    const a = await admin();
    const first = await ctx.app.inject({ url: '/api/admin/sending/window', headers: { cookie: a.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: [] });

    const saved = await putWindow(a.cookie, { days: [6, 0, 1], start: '09:30', end: '24:00', holidays: ['2027-12-02', '2027-09-23'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { days: [0, 1, 6], start: '09:30', end: '24:00', holidays: ['2027-09-23', '2027-12-02'] };
    expect(saved.json()).toEqual(expected);
    expect(await readSetting(ctx.db, SENDING_WINDOW_KEY)).toEqual(expected);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sending.window.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toEqual(expect.objectContaining({ actorEmail: a.email, after: expected }));

    const user = await signedInUser(ctx);
    expect((await putWindow(user.cookie, expected)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/sending/window', headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });

  it('refuses a window with no day, an end the same as its start, a repeated day or a date that is not one', async () => {
    const a = await admin();
    const base = { days: [0], start: '08:00', end: '16:00', holidays: [] };
    for (const wrong of [
      { ...base, days: [] },
      { ...base, end: '08:00' },
      { ...base, start: '16:00' },
      { ...base, start: '24:00', end: '02:00' },
      { ...base, days: [1, 1] },
      { ...base, days: [7] },
      { ...base, start: '8:00' },
      { ...base, holidays: ['2027-02-30'] },
      { ...base, holidays: ['30/11/2027'] },
    ]) {
      const res = await putWindow(a.cookie, wrong);
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
    }
  });

  it('keeps a night window that runs past midnight, 22:00 to 02:00', async () => {
    const a = await admin();
    const night = { days: [0, 1, 2, 3, 4], start: '22:00', end: '02:00', holidays: [] };
    const res = await putWindow(a.cookie, night);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(night);
    expect((await ctx.app.inject({ url: '/api/admin/sending/window', headers: { cookie: a.cookie } })).json()).toEqual(night);
  });
});

describe('a job’s window', () => {
  it('is working hours unless the user chooses any time, and the dashboard says which', async () => {
    await useSendingSettings(ctx);
    const u = await userWithMailbox(4, 100);
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/sending/jobs', headers: { cookie: u.cookie }, payload });
    const body = { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحباً</p>' };
    const omitted = await post(body);
    expect(omitted.statusCode, omitted.body).toBe(201);
    await setBalance(ctx, u.profileId, 2);
    const anyTime = await post({ ...body, sendWindow: 'any_time' });
    expect(anyTime.statusCode, anyTime.body).toBe(201);
    expect((await post({ ...body, sendWindow: 'weekends' })).statusCode).toBe(400);
    const windows = await ctx.db
      .select({ id: sendJobs.id, w: sendJobs.sendWindow })
      .from(sendJobs)
      .where(eq(sendJobs.profileId, u.profileId));
    expect(new Map(windows.map((j) => [j.id, j.w]))).toEqual(
      new Map([
        [omitted.json().jobId, 'working_hours'],
        [anyTime.json().jobId, 'any_time'],
      ]),
    );
    const status = await ctx.app.inject({ method: 'GET', url: '/api/sending/status', headers: { cookie: u.cookie } });
    const jobs = (status.json() as SendingStatus).jobs;
    expect(new Map(jobs.map((j) => [j.id, j.sendWindow]))).toEqual(
      new Map([
        [omitted.json().jobId, 'working_hours'],
        [anyTime.json().jobId, 'any_time'],
      ]),
    );
  });
});

describe('the plan before sending', () => {
  it('working hours: ten go on Thursday before 16:00, the weekend and the holiday wait, the cap spreads the rest', async () => {
    await useSendingSettings(ctx, { delay: MINUTE_PACING, dailyCaps: FAST_SETTINGS.dailyCaps });
    await putWindow((await admin()).cookie, WINDOW);
    const u = await userWithMailbox(30, 10);
    const plan = await planSend(ctx.db, u.profileId, { sendWindow: 'working_hours' }, THURSDAY_1550);
    // Thu 15:50–15:59 (10, the cap), Fri–Sat off, Sun 28 a holiday, Mon 29 08:00–08:09, Tue 30 08:00–08:09.
    expect(summary(plan)).toEqual({
      messages: 30,
      days: 6,
      sendingDays: 3,
      firstDayCount: 10,
      startsAt: '2027-11-25T12:50:00.000Z',
      finishAt: '2027-11-30T05:09:00.000Z',
      sentLast24h: 0,
      dailyCap: 10,
    });
    // Any time: the cap alone, ten a day from Thursday 15:50.
    const anyTime = await planSend(ctx.db, u.profileId, { sendWindow: 'any_time' }, THURSDAY_1550);
    expect(summary(anyTime)).toEqual({ ...summary(plan), days: 3, finishAt: '2027-11-27T12:59:00.000Z' });
    // A narrower send, and never more than the user may send.
    expect((await planSend(ctx.db, u.profileId, { sendWindow: 'working_hours', count: 5 }, THURSDAY_1550)).finishAt).toBe(
      '2027-11-25T12:54:00.000Z',
    );
    expect((await planSend(ctx.db, u.profileId, { sendWindow: 'working_hours', count: 500 }, THURSDAY_1550)).messages).toBe(30);
  });

  it('counts what the mailbox sent in the last 24 h, and the dashboard’s ETA walks the same window once scheduled', async () => {
    await useSendingSettings(ctx, { delay: MINUTE_PACING, dailyCaps: FAST_SETTINGS.dailyCaps });
    await putWindow((await admin()).cookie, WINDOW);
    const u = await userWithMailbox(4, 10);
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const content = { resumeId, subject: 'طلب توظيف لدى {{company_name}}', content: '<p>مرحباً</p>' };
    // Four sent that morning, 10:00–10:03 Riyadh.
    const first = await schedule(ctx, u.cookie, content);
    expect(first.statusCode, first.body).toBe(201);
    await ctx.db.execute(sql`
      update deliveries set status = 'sent', sender_email = ${u.mailbox},
        sent_at = '2027-11-25T07:00:00Z'::timestamptz + (row_number_minutes.n * interval '1 minute')
      from (select id, (row_number() over (order by id) - 1) as n from deliveries where job_id = ${first.json().jobId}) row_number_minutes
      where deliveries.id = row_number_minutes.id`);
    await ctx.db.update(sendJobs).set({ status: 'completed' }).where(eq(sendJobs.id, first.json().jobId));
    await setBalance(ctx, u.profileId, 30);

    const plan = await planSend(ctx.db, u.profileId, { sendWindow: 'working_hours' }, THURSDAY_1550);
    // Six more on Thursday (4 + 6 = the cap), Mon 29 ten, Tue 30 ten, Wed 1 December the last four.
    expect(summary(plan)).toEqual({
      messages: 30,
      days: 7,
      sendingDays: 4,
      firstDayCount: 6,
      startsAt: '2027-11-25T12:50:00.000Z',
      finishAt: '2027-12-01T05:03:00.000Z',
      sentLast24h: 4,
      dailyCap: 10,
    });

    const scheduled = await schedule(ctx, u.cookie, { ...content, sendWindow: 'working_hours' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const status = await getSendingStatus(ctx.db, u.profileId, THURSDAY_1550);
    expect(status.estimatedFinishAt).toBe(plan.finishAt);
    // Nothing more to plan: all thirty wait in the queue.
    const afterwards = await planSend(ctx.db, u.profileId, { sendWindow: 'working_hours' }, THURSDAY_1550);
    expect(afterwards).toEqual(expect.objectContaining({ ahead: 30, messages: 0, finishAt: null }));
    // Thursday's six leave as planned (15:50–15:55): the cap now holds the rest, and the dashboard says
    // sending resumes at the window's next opening (Monday 08:00), not when the cap alone would (Friday 10:00).
    await ctx.db.execute(sql`
      update deliveries set status = 'sent', sender_email = ${u.mailbox},
        sent_at = '2027-11-25T12:50:00Z'::timestamptz + (picked.n * interval '1 minute')
      from (select id, (row_number() over (order by company_name, id) - 1) as n from deliveries
        where job_id = ${scheduled.json().jobId} order by company_name, id limit 6) picked
      where deliveries.id = picked.id`);
    const later = await getSendingStatus(ctx.db, u.profileId, new Date('2027-11-25T12:56:00Z'));
    expect(later.dailyLimit).toEqual({ cap: 10, until: '2027-11-29T05:00:00.000Z' });
    expect(later.estimatedFinishAt).toBe(plan.finishAt);
  });

  it('says on the dashboard when a working-hours send queued on a day off starts, and its rows say so too', async () => {
    await useSendingSettings(ctx, { delay: MINUTE_PACING, dailyCaps: FAST_SETTINGS.dailyCaps });
    await putWindow((await admin()).cookie, WINDOW);
    const u = await userWithMailbox(3, 10);
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const scheduled = await schedule(ctx, u.cookie, {
      resumeId,
      subject: 'طلب توظيف',
      content: '<p>مرحباً</p>',
      sendWindow: 'working_hours',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // Friday 22:00 Riyadh: Saturday is not a sending day and Sunday the 28th is a holiday, so Monday 08:00.
    const fridayNight = new Date('2027-11-26T19:00:00Z');
    const monday0800 = '2027-11-29T05:00:00.000Z';
    const status = await getSendingStatus(ctx.db, u.profileId, fridayNight);
    expect(status.windowOpensAt).toBe(monday0800);
    const rows = await listDeliveries(ctx.db, u.profileId, { page: 1 }, fridayNight);
    expect(rows.rows.map((r) => r.at)).toEqual([monday0800, monday0800, monday0800]);
    // Inside the window nothing waits for it: no notice, and the rows keep their own time.
    const mondayMorning = new Date('2027-11-29T07:00:00Z');
    expect((await getSendingStatus(ctx.db, u.profileId, mondayMorning)).windowOpensAt).toBeNull();
    for (const row of (await listDeliveries(ctx.db, u.profileId, { page: 1 }, mondayMorning)).rows)
      expect(row.at).toBe(mondayMorning.toISOString());
  });

  it('has no window notice for a send the user let go at any time', async () => {
    await useSendingSettings(ctx, { delay: MINUTE_PACING, dailyCaps: FAST_SETTINGS.dailyCaps });
    await putWindow((await admin()).cookie, WINDOW);
    const u = await userWithMailbox(2, 10);
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const scheduled = await schedule(ctx, u.cookie, { resumeId, subject: 'طلب توظيف', content: '<p>مرحباً</p>', sendWindow: 'any_time' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const status = await getSendingStatus(ctx.db, u.profileId, new Date('2027-11-26T19:00:00Z'));
    expect(status.windowOpensAt).toBeNull();
    expect(status.estimatedFinishAt).not.toBeNull();
  });

  it("a job ad's plan is for the addresses chosen, bounded by the balance, not by any list", async () => {
    await useSendingSettings(ctx);
    const u = await userWithMailbox(3, 100);
    const plan = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/sending/plan?sendWindow=any_time&${query}`, headers: { cookie: u.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SendPlan).messages;
    };
    // The user has no companies of their own: a send to that list has nothing to take.
    expect(await plan('source=own_list')).toBe(0);
    expect(await plan('source=job_ad&count=2')).toBe(2);
    expect(await plan('source=job_ad&count=5')).toBe(3);
  });

  it('over HTTP: the shape, and a window choice that is not one refused', async () => {
    await useSendingSettings(ctx);
    const u = await userWithMailbox(3, 100);
    const res = await ctx.app.inject({ url: '/api/sending/plan?sendWindow=any_time', headers: { cookie: u.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as SendPlan;
    expect(plan).toEqual(
      expect.objectContaining({ sendWindow: 'any_time', messages: 3, days: 1, sendingDays: 1, firstDayCount: 3, mailboxLinked: true }),
    );
    expect(Date.parse(plan.finishAt as string)).toBeGreaterThanOrEqual(Date.parse(plan.startsAt as string));
    expect((await ctx.app.inject({ url: '/api/sending/plan?sendWindow=never', headers: { cookie: u.cookie } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/sending/plan' })).statusCode).toBe(401);
  });
});
