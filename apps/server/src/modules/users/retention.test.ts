import { DEFAULT_RETENTION_DAYS } from '@sira/shared/schemas/retention';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { signedInAdmin, signedInUser } from '../../../test-support/auth';
import { profileIdOf } from '../../../test-support/sending';
import { auditLog, excelFiles, jobAds, resumeFiles, resumes, sendJobs, userCompanies } from '../../db/schema';
import { readRetentionDays, retentionNotice, runRetention, writeRetentionDays } from './retention';

const ctx = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

/** A user with one résumé uploaded at `uploadedAt` and one send job in `status`, finished at `finishedAt`. */
async function userWith(options: { uploadedAt: Date; status: 'pending' | 'processing' | 'completed' | 'failed'; finishedAt?: Date }) {
  const { email, cookie } = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, email);
  const path = `${profileId}/cv-${options.uploadedAt.getTime()}.pdf`;
  await ctx.db.insert(resumes).values({ profileId, path, originalName: 'cv.pdf', sizeBytes: 4, createdAt: options.uploadedAt });
  await ctx.db.insert(resumeFiles).values({ path, bytes: Buffer.from('%PDF') });
  const [job] = await ctx.db
    .insert(sendJobs)
    .values({
      profileId,
      subject: 'طلب وظيفة محاسب',
      content: '<p>السلام عليكم، أرفقت سيرتي الذاتية.</p>',
      resumePath: path,
      status: options.status,
      totalEmailsIntended: 3,
      sentCount: options.status === 'completed' ? 2 : 0,
      failedCount: options.status === 'completed' ? 1 : options.status === 'failed' ? 3 : 0,
      createdAt: options.uploadedAt,
      completedAt: options.finishedAt ?? null,
    })
    .returning({ id: sendJobs.id });
  return { profileId, path, jobId: job?.id as string, cookie };
}

const held = async (profileId: string, path: string) => {
  const files = await ctx.db.select({ path: resumeFiles.path }).from(resumeFiles).where(eq(resumeFiles.path, path));
  const rows = await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, profileId));
  const jobs = await ctx.db
    .select({
      content: sendJobs.content,
      subject: sendJobs.subject,
      status: sendJobs.status,
      sent: sendJobs.sentCount,
      failed: sendJobs.failedCount,
    })
    .from(sendJobs)
    .where(eq(sendJobs.profileId, profileId));
  return { files: files.length, resumes: rows.length, jobs };
};

describe('retention of résumés and message bodies', () => {
  it('erases the résumé and blanks the body N days after the last send finished, keeping subject, counts and status', async () => {
    const finishedAt = at('2026-01-10T08:00:00Z');
    const u = await userWith({ uploadedAt: at('2026-01-09T08:00:00Z'), status: 'completed', finishedAt });

    // One minute early: nothing goes.
    await runRetention(ctx.db, { now: new Date(daysAfter(finishedAt, 30).getTime() - 60_000), days: 30 });
    expect((await held(u.profileId, u.path)).files).toBe(1);

    const pass = await runRetention(ctx.db, { now: daysAfter(finishedAt, 30), days: 30 });
    expect(pass.resumes).toBeGreaterThanOrEqual(1);
    const after = await held(u.profileId, u.path);
    expect(after.files).toBe(0);
    expect(after.resumes).toBe(0);
    expect(after.jobs).toEqual([{ content: '', subject: 'طلب وظيفة محاسب', status: 'completed', sent: 2, failed: 1 }]);

    // A second pass finds nothing more of this user's.
    const again = await runRetention(ctx.db, { now: daysAfter(finishedAt, 31), days: 30 });
    expect(again.profiles).toBe(0);
  });

  it('a failed send counts as finished', async () => {
    const finishedAt = at('2026-02-01T00:00:00Z');
    const u = await userWith({ uploadedAt: at('2026-01-31T00:00:00Z'), status: 'failed', finishedAt });
    await runRetention(ctx.db, { now: daysAfter(finishedAt, 91), days: 90 });
    expect(await held(u.profileId, u.path)).toMatchObject({ files: 0, jobs: [{ content: '', status: 'failed' }] });
  });

  it('keeps everything while a send is pending or running, however old', async () => {
    for (const status of ['pending', 'processing'] as const) {
      const u = await userWith({ uploadedAt: at('2025-01-01T00:00:00Z'), status });
      await runRetention(ctx.db, { now: at('2026-06-01T00:00:00Z'), days: 30 });
      const after = await held(u.profileId, u.path);
      expect(after.files).toBe(1);
      expect(after.jobs[0]?.content).not.toBe('');
      expect(await retentionNotice(ctx.db, u.profileId, 30)).toMatchObject({
        waitingForSend: true,
        deleteOn: null,
        resumeCount: 1,
        messageCount: 1,
      });
    }
  });

  it('counts from a later upload, so a résumé uploaded after an old send is not erased at once', async () => {
    const finishedAt = at('2026-01-01T00:00:00Z');
    const u = await userWith({ uploadedAt: at('2025-12-31T00:00:00Z'), status: 'completed', finishedAt });
    const laterUpload = at('2026-03-15T00:00:00Z');
    const newPath = `${u.profileId}/new-cv.pdf`;
    await ctx.db
      .insert(resumes)
      .values({ profileId: u.profileId, path: newPath, originalName: 'new.pdf', sizeBytes: 4, createdAt: laterUpload });
    await ctx.db.insert(resumeFiles).values({ path: newPath, bytes: Buffer.from('%PDF') });

    await runRetention(ctx.db, { now: daysAfter(finishedAt, 40), days: 30 });
    expect((await held(u.profileId, newPath)).files).toBe(1);
    expect(await retentionNotice(ctx.db, u.profileId, 30)).toMatchObject({
      deleteOn: daysAfter(laterUpload, 30).toISOString(),
      resumeCount: 2,
      messageCount: 1,
    });
    await runRetention(ctx.db, { now: daysAfter(laterUpload, 30), days: 30 });
    expect(await held(u.profileId, newPath)).toMatchObject({ files: 0, resumes: 0 });
  });

  it('two hosts running a pass at once erase each profile once', async () => {
    const finishedAt = at('2025-06-01T00:00:00Z');
    const users = await Promise.all([1, 2, 3].map(() => userWith({ uploadedAt: finishedAt, status: 'completed', finishedAt })));
    const now = at('2026-06-01T00:00:00Z');
    const passes = await Promise.all([runRetention(ctx.db, { now, days: 30 }), runRetention(ctx.db, { now, days: 30 })]);
    const ours = new Set(users.map((u) => u.profileId));
    for (const u of users) expect((await held(u.profileId, u.path)).files).toBe(0);
    // Earlier tests' users are due too; what matters is that no user's erasure is counted by both passes.
    const total = passes[0].profiles + passes[1].profiles;
    expect(total).toBeGreaterThanOrEqual(ours.size);
    const left = await runRetention(ctx.db, { now, days: 30 });
    expect(left.profiles).toBe(0);
  });

  it.runIf(process.env.SIRA_TEST_DB === 'postgres')(
    'skips a profile whose row another transaction holds (a send being scheduled) and erases it next time',
    async () => {
      const finishedAt = at('2025-06-01T00:00:00Z');
      const u = await userWith({ uploadedAt: finishedAt, status: 'completed', finishedAt });
      const now = at('2026-06-01T00:00:00Z');
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from profiles where id = ${u.profileId} for update`);
        locked();
        await released;
      });
      await isLocked;
      await runRetention(ctx.db, { now, days: 30 });
      expect((await held(u.profileId, u.path)).files).toBe(1);
      release();
      await holder;
      await runRetention(ctx.db, { now, days: 30 });
      expect((await held(u.profileId, u.path)).files).toBe(0);
    },
  );

  it('the dashboard is told what is held and the day it goes', async () => {
    const finishedAt = at('2026-04-01T10:00:00Z');
    const u = await userWith({ uploadedAt: at('2026-03-30T10:00:00Z'), status: 'completed', finishedAt });
    await writeRetentionDays(ctx.db, 45);
    try {
      const res = await ctx.app.inject({ url: '/api/users/me/retention', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        days: 45,
        resumeCount: 1,
        messageCount: 1,
        ownCompanyCount: 0,
        jobAdCount: 0,
        waitingForSend: false,
        deleteOn: daysAfter(finishedAt, 45).toISOString(),
      });
      const fresh = await signedInUser(ctx);
      const nothing = await ctx.app.inject({ url: '/api/users/me/retention', headers: { cookie: fresh.cookie } });
      expect(nothing.json()).toMatchObject({ resumeCount: 0, messageCount: 0, deleteOn: null });
    } finally {
      await writeRetentionDays(ctx.db, DEFAULT_RETENTION_DAYS);
    }
  });
});

describe('retention of the own list and job ads (ADR 029)', () => {
  /** The user's own list (added at `addedAt`), its upload record and a job ad applied to. */
  async function withListAndAd(profileId: string, addedAt: Date) {
    const [file] = await ctx.db
      .insert(excelFiles)
      .values({ profileId, scope: 'own_list', filename: 'شركاتي.xlsx', rowsAdded: 2, createdAt: addedAt })
      .returning({ id: excelFiles.id });
    await ctx.db.insert(userCompanies).values(
      ['a', 'b'].map((n) => ({
        profileId,
        excelFileId: file?.id,
        name: `شركة ${n}`,
        email: `${n}@retained.example`,
        createdAt: addedAt,
      })),
    );
    await ctx.db
      .insert(jobAds)
      .values({ profileId, postText: 'أرسل سيرتك على hr@ad.example', jobTitle: 'محاسب', companyName: 'شركة', createdAt: addedAt });
    return file?.id as string;
  }
  const kept = async (profileId: string) => ({
    own: (await ctx.db.select().from(userCompanies).where(eq(userCompanies.profileId, profileId))).length,
    uploads: (await ctx.db.select().from(excelFiles).where(eq(excelFiles.profileId, profileId))).length,
    ads: await ctx.db.select({ text: jobAds.postText, title: jobAds.jobTitle }).from(jobAds).where(eq(jobAds.profileId, profileId)),
  });

  it('erases the list and its uploads, and blanks the ads’ text, with the résumés; the title stays', async () => {
    const finishedAt = at('2026-05-10T08:00:00Z');
    const u = await userWith({ uploadedAt: at('2026-05-01T08:00:00Z'), status: 'completed', finishedAt });
    await withListAndAd(u.profileId, at('2026-05-02T08:00:00Z'));
    const notice = (await ctx.app.inject({ url: '/api/users/me/retention', headers: { cookie: u.cookie } })).json();
    expect(notice).toMatchObject({ ownCompanyCount: 2, jobAdCount: 1, deleteOn: daysAfter(finishedAt, 90).toISOString() });

    await runRetention(ctx.db, { now: new Date(daysAfter(finishedAt, 30).getTime() - 60_000), days: 30 });
    expect((await kept(u.profileId)).own).toBe(2);
    const pass = await runRetention(ctx.db, { now: daysAfter(finishedAt, 30), days: 30 });
    expect(pass).toMatchObject({ ownCompanies: 2, jobAds: 1 });
    expect(await kept(u.profileId)).toEqual({ own: 0, uploads: 0, ads: [{ text: '', title: 'محاسب' }] });
    const after = (await ctx.app.inject({ url: '/api/users/me/retention', headers: { cookie: u.cookie } })).json();
    expect(after).toMatchObject({ resumeCount: 0, messageCount: 0, ownCompanyCount: 0, jobAdCount: 0 });
  });

  it('counts from the last company added, and takes a user who holds only a list', async () => {
    const { email, cookie } = await signedInUser(ctx);
    const profileId = await profileIdOf(ctx, email);
    const addedAt = at('2026-06-01T00:00:00Z');
    await withListAndAd(profileId, addedAt);
    const notice = (await ctx.app.inject({ url: '/api/users/me/retention', headers: { cookie } })).json();
    expect(notice).toMatchObject({ resumeCount: 0, ownCompanyCount: 2, deleteOn: daysAfter(addedAt, 30 * 3).toISOString() });

    await runRetention(ctx.db, { now: daysAfter(addedAt, 29), days: 30 });
    expect((await kept(profileId)).own).toBe(2);
    await runRetention(ctx.db, { now: daysAfter(addedAt, 30), days: 30 });
    expect(await kept(profileId)).toEqual({ own: 0, uploads: 0, ads: [{ text: '', title: 'محاسب' }] });
  });
});

describe('the admin retention setting', () => {
  it(`is ${DEFAULT_RETENTION_DAYS} days until set, is audited, and refuses days out of range`, async () => {
    const admin = await signedInAdmin(ctx);
    const get = () => ctx.app.inject({ url: '/api/admin/retention', headers: { cookie: admin.cookie } });
    const put = (days: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/admin/retention', headers: { cookie: admin.cookie }, payload: { days } });
    expect((await get()).json()).toEqual({ days: DEFAULT_RETENTION_DAYS });

    expect((await put(30)).json()).toEqual({ days: 30 });
    expect((await get()).json()).toEqual({ days: 30 });
    expect(await readRetentionDays(ctx.db)).toBe(30);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention.update'));
    expect(entry).toMatchObject({ actorEmail: admin.email, before: { days: DEFAULT_RETENTION_DAYS }, after: { days: 30 } });

    for (const bad of [0, 6, 3651, 30.5, '30']) expect((await put(bad)).statusCode).toBe(400);
    expect((await get()).json()).toEqual({ days: 30 });

    const user = await signedInUser(ctx);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/retention',
      headers: { cookie: user.cookie },
      payload: { days: 30 },
    });
    expect(refused.statusCode).toBe(403);
    await writeRetentionDays(ctx.db, DEFAULT_RETENTION_DAYS);
  });
});
