import { PACKAGE_COMPANY_LIMIT, RESUME_MAX_BYTES } from '@sira/shared';
import type { DeliveryPage, SendingCompose, SendingOverview, SendingStatus, UploadedResume } from '@sira/shared/schemas/sending';
import type { SendPlan } from '@sira/shared/schemas/sending-window';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, TEST_APPLICANT_NAME } from '../../../test-support/auth';
import { linkMailboxForTest, useAppWithGoogleSandbox } from '../../../test-support/mailbox';
import { cvObjects, pdfOf, resumeFixture } from '../../../test-support/pdf';
import { balanceOf, profileIdOf, samplePdf, schedule, setBalance, uploadedResumeId, uploadResume } from '../../../test-support/sending';
import { multipart } from '../../../test-support/uploads';
import { rowsOf } from '../../db/client';
import {
  companies,
  deliveries,
  failedEmails,
  packages,
  packageTemplates,
  profiles,
  resumeFiles,
  resumes,
  sendJobs,
  templates,
} from '../../db/schema';
import { pruneResumes } from './sending.service';

/** /send-resume and the dashboard on the server: compose, upload, scheduling, status — over real HTTP routes. */

const { ctx, sandbox } = useAppWithGoogleSandbox();

/** The bytes stored for a résumé path, or undefined. */
const storedBytes = async (path: string) =>
  (await ctx.db.select({ bytes: resumeFiles.bytes }).from(resumeFiles).where(eq(resumeFiles.path, path)))[0]?.bytes;

/** A signed-in user on the trial package (200 demo companies), with a linked mailbox unless told otherwise. */
async function user(options: { linked?: boolean; balance?: number } = {}) {
  const account = await signedInUser(ctx);
  const profileId = await profileIdOf(ctx, account.email);
  if (options.linked !== false) await linkMailboxForTest(ctx, account.cookie, sandbox, `${profileId.slice(0, 8)}@gmail.com`);
  if (options.balance !== undefined) await setBalance(ctx, profileId, options.balance);
  return { ...account, profileId };
}

const get = async <T>(cookie: string, url: string) => {
  const res = await ctx.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const trialCompanyCount = async () => {
  const [row] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`select count(*)::int as n from companies c join packages p on p.id = c.package_id where p.name = 'تجريبي'`),
  );
  return row?.n ?? 0;
};

/** A promise the test resolves when it chooses. */
function signal() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve: () => resolve() };
}

const body = (resumeId: string) => ({
  resumeId,
  subject: 'طلب توظيف لدى {{company_name}}',
  content: '<p>السلام عليكم، أرفقت سيرتي الذاتية.</p>',
});

describe('GET /api/sending/compose', () => {
  it("offers the templates of the user's package in template order, the balance and what can be sent now", async () => {
    const u = await user({ linked: false });
    const compose = await get<SendingCompose>(u.cookie, '/api/sending/compose');
    const expected = await ctx.db
      .select({ id: templates.id })
      .from(packageTemplates)
      .innerJoin(templates, eq(templates.id, packageTemplates.templateId))
      .innerJoin(packages, eq(packages.id, packageTemplates.packageId))
      .where(eq(packages.name, 'تجريبي'))
      .orderBy(asc(packageTemplates.templateNumber), asc(templates.name));
    expect(expected.length).toBeGreaterThan(0);
    expect(compose.templates.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(compose.templates[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), subject: expect.any(String), content: expect.any(String) }),
    );
    expect(compose.balance).toBe(10);
    expect(compose.companiesRemaining).toBe(await trialCompanyCount());
    expect(compose.sendableNow).toBe(10);

    await setBalance(ctx, u.profileId, 100_000);
    const rich = await get<SendingCompose>(u.cookie, '/api/sending/compose');
    expect(rich.sendableNow).toBe(rich.companiesRemaining);
  });

  it('refuses anonymous callers', async () => {
    const res = await ctx.app.inject({ url: '/api/sending/compose' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/sending/resumes', () => {
  it('stores a PDF under <user id>/<sanitised name>-<timestamp>.pdf and records it', async () => {
    const u = await user({ linked: false });
    const pdf = samplePdf(10_000);
    const res = await uploadResume(ctx, u.cookie, pdf, '../سيرتي الذاتية (2024).pdf');
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json() as { id: string; name: string; sizeBytes: number };
    expect(uploaded.sizeBytes).toBe(pdf.length);
    expect(uploaded.name).toBe('سيرتي الذاتية (2024).pdf');
    const [row] = await ctx.db.select().from(resumes).where(eq(resumes.id, uploaded.id));
    expect(row?.profileId).toBe(u.profileId);
    expect(row?.path).toMatch(new RegExp(`^${u.profileId}/سيرتي-الذاتية-2024-\\d{13}\\.pdf$`));
    expect((await storedBytes(row?.path as string))?.equals(pdf)).toBe(true);
  });

  it('stores the name without the bidi and format controls that could disguise its extension', async () => {
    const u = await user({ linked: false });
    // With its right-to-left override, "CV\u202efdp.exe" shows as "CVexe.pdf"; the marks and isolates around
    // it would reorder the name just as well.
    const res = await uploadResume(ctx, u.cookie, samplePdf(), '\u200eCV\u202efdp.exe\u200f\u2067\u061c');
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json() as { id: string; name: string };
    expect(uploaded.name).toBe('CVfdp.exe.pdf');
    const [row] = await ctx.db.select({ name: resumes.originalName }).from(resumes).where(eq(resumes.id, uploaded.id));
    expect(row?.name).toBe('CVfdp.exe.pdf');
  });

  it('judges by content, not by name: a PDF named .txt is accepted, a text file named .pdf is not', async () => {
    const u = await user({ linked: false });
    expect((await uploadResume(ctx, u.cookie, samplePdf(), 'cv.txt')).statusCode).toBe(201);
    const notPdf = await uploadResume(ctx, u.cookie, Buffer.from('just some text, not a document'), 'cv.pdf');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toEqual({ code: 'NOT_PDF' });
    // A header without the trailer is a truncated or fake file.
    const truncated = samplePdf(4096).subarray(0, 3000);
    expect((await uploadResume(ctx, u.cookie, truncated, 'cv.pdf')).json()).toEqual({ code: 'NOT_PDF' });
  });

  it('refuses more than 5 MB on the server (413) and stores nothing', async () => {
    const u = await user({ linked: false });
    const before = await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, u.profileId));
    const res = await uploadResume(ctx, u.cookie, samplePdf(RESUME_MAX_BYTES + 1), 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'RESUME_TOO_LARGE' });
    const after = await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, u.profileId));
    expect(after).toEqual(before);
    const bytes = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from resume_files where path like ${`${u.profileId}/%`}`),
    );
    expect(bytes[0]?.n).toBe(0);
    // Exactly 5 MB is allowed.
    expect((await uploadResume(ctx, u.cookie, samplePdf(RESUME_MAX_BYTES), 'max.pdf')).statusCode).toBe(201);
  });

  it('refuses a user without a balance, and an upload flood (30 an hour)', async () => {
    const broke = await user({ linked: false, balance: 0 });
    const refused = await uploadResume(ctx, broke.cookie, samplePdf(), 'cv.pdf');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'NO_BALANCE']);
    expect(await ctx.db.select().from(resumes).where(eq(resumes.profileId, broke.profileId))).toEqual([]);

    const busy = await user({ linked: false });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await uploadResume(ctx, busy.cookie, samplePdf(), `cv-${i}.pdf`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('keeps the newest three uploads and any an unfinished job attaches; older ones are deleted with their bytes', async () => {
    const u = await user();
    const upload = async (name: string) => {
      const res = await uploadResume(ctx, u.cookie, samplePdf(), `${name}.pdf`);
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await ctx.db.select().from(resumes).where(eq(resumes.id, res.json().id));
      return row?.path as string;
    };
    const stored = async (path: string) => (await storedBytes(path)) !== undefined;
    const first = await upload('first');
    const [firstRow] = await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.path, first));
    expect((await schedule(ctx, u.cookie, body(firstRow?.id as string))).statusCode).toBe(201);
    await setBalance(ctx, u.profileId, 10);
    const second = await upload('second');
    const later = [await upload('third'), await upload('fourth'), await upload('fifth')];
    // The second is neither among the newest three nor attached to a job; the first is attached to one.
    expect(await stored(second)).toBe(false);
    expect(await ctx.db.select().from(resumes).where(eq(resumes.path, second))).toEqual([]);
    expect(await Promise.all([first, ...later].map(stored))).toEqual([true, true, true, true]);

    // Once the job is over, its file goes with the next upload.
    await ctx.db.update(sendJobs).set({ status: 'completed' }).where(eq(sendJobs.profileId, u.profileId));
    await upload('sixth');
    expect(await Promise.all([first, later[0] as string].map(stored))).toEqual([false, false]);
    expect((await ctx.db.select().from(resumes).where(eq(resumes.profileId, u.profileId))).length).toBe(3);
  });

  it('keeps the file of a job being scheduled while a prune runs (the prune waits for the scheduling)', async () => {
    const u = await user();
    const paths: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const res = await uploadResume(ctx, u.cookie, samplePdf(), `${name}.pdf`);
      const [row] = await ctx.db.select({ path: resumes.path }).from(resumes).where(eq(resumes.id, res.json().id));
      paths.push(row?.path as string);
    }
    const oldest = paths[0] as string;
    // A fourth upload (another tab) whose prune is about to run: the oldest is no longer among the newest three.
    await ctx.db
      .insert(resumes)
      .values({ profileId: u.profileId, path: `${u.profileId}/d-${Date.now()}.pdf`, originalName: 'd.pdf', sizeBytes: 1 });
    // What scheduling does with the oldest résumé: lock the profile, insert the job — and not commit yet.
    const held = signal();
    const lockTaken = signal();
    const scheduling = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from profiles where id = ${u.profileId} for update`);
      await tx.insert(sendJobs).values({ profileId: u.profileId, subject: 's', content: 'c', resumePath: oldest, totalEmailsIntended: 1 });
      lockTaken.resolve();
      await held.promise;
    });
    await lockTaken.promise;
    const pruning = pruneResumes(ctx.db, u.profileId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.resolve();
    await scheduling;
    expect(await pruning).not.toContain(oldest);
    expect(await storedBytes(oldest)).toBeDefined();
    expect(await ctx.db.select().from(resumes).where(eq(resumes.path, oldest))).toHaveLength(1);
  });

  it('answers FILE_REQUIRED without a file part', async () => {
    const u = await user({ linked: false });
    const form = multipart([{ name: 'other', content: 'x' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sending/resumes',
      headers: { cookie: u.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FILE_REQUIRED' });
    const json = await ctx.app.inject({ method: 'POST', url: '/api/sending/resumes', headers: { cookie: u.cookie }, payload: {} });
    expect(json.json()).toEqual({ code: 'FILE_REQUIRED' });
  });

  it('reads the CV before a credit is spent: a password-protected or scripted one is refused and not stored, a scan is flagged', async () => {
    const u = await user({ linked: false });
    const before = await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, u.profileId));
    const locked = await uploadResume(ctx, u.cookie, resumeFixture('open-password.pdf'), 'cv.pdf');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ code: 'PDF_ENCRYPTED' });
    expect(await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, u.profileId))).toEqual(before);

    // A CV that runs a script when opened, its dictionaries compressed in an object stream: refused, not stored.
    const scripted = pdfOf(cvObjects({ catalogExtra: '/OpenAction 6 0 R ', extra: ['<< /S /J#61vaScript /JS (app.alert(1)) >>'] }), {
      compressed: [1, 6],
    });
    const active = await uploadResume(ctx, u.cookie, scripted, 'Sara_CV.pdf');
    expect([active.statusCode, active.json()]).toEqual([400, { code: 'PDF_ACTIVE_CONTENT' }]);
    expect(await ctx.db.select({ id: resumes.id }).from(resumes).where(eq(resumes.profileId, u.profileId))).toEqual(before);

    const scan = await uploadResume(ctx, u.cookie, resumeFixture('scanned-image.pdf'), 'scan0001.pdf');
    expect(scan.statusCode, scan.body).toBe(201);
    // Without a Latin name the account's Arabic one names the suggestion.
    expect((scan.json() as UploadedResume).check).toEqual({
      pages: 1,
      hasText: false,
      emailFound: false,
      phoneFound: false,
      suggestedName: `${TEST_APPLICANT_NAME.split(' ').join('_')}_CV.pdf`,
    });
    const good = (await uploadResume(ctx, u.cookie, samplePdf(), 'Sara Ahmed CV.pdf')).json() as UploadedResume;
    expect(good.check).toEqual({ pages: 1, hasText: true, emailFound: true, phoneFound: true, suggestedName: null });
  });
});

describe('PATCH /api/sending/resumes/:id', () => {
  it('renames the attachment the companies will see, for its owner only; a job scheduled after sends it under that name', async () => {
    const u = await user();
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const rename = (cookie: string, id: string, name: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/sending/resumes/${id}`, headers: { cookie }, payload: { name } });

    const renamed = await rename(u.cookie, resumeId, ' Sara_Ahmed_Accountant_CV\u202e ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: resumeId, name: 'Sara_Ahmed_Accountant_CV.pdf' });

    // The marks a display text may keep (LRM, RLM, ALM) have no place in a file name either.
    const marked = await rename(u.cookie, resumeId, 'Sara\u200f_CV\u200e\u061c\ufeff.exe\u200f');
    expect(marked.json()).toEqual({ id: resumeId, name: 'Sara_CV.exe.pdf' });
    expect((await rename(u.cookie, resumeId, ' Sara_Ahmed_Accountant_CV ')).statusCode).toBe(200);

    const other = await user({ linked: false });
    expect((await rename(other.cookie, resumeId, 'mine.pdf')).json()).toEqual({ code: 'RESUME_NOT_FOUND' });
    expect((await rename(u.cookie, resumeId, '   ')).statusCode).toBe(400);

    const res = await schedule(ctx, u.cookie, { resumeId, subject: 'طلب وظيفة', content: '<p>مرحباً</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const [job] = await ctx.db.select({ name: sendJobs.resumeName }).from(sendJobs).where(eq(sendJobs.profileId, u.profileId));
    expect(job?.name).toBe('Sara_Ahmed_Accountant_CV.pdf');
  });
});

describe('POST /api/sending/jobs', () => {
  it('schedules min(balance, companies) in one go: job, one delivery per company with its snapshot, balance debited', async () => {
    const u = await user({ balance: 25 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    // A count or a balance sent by the client is ignored: the server decides.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sending/jobs',
      headers: { cookie: u.cookie },
      payload: { ...body(resumeId), count: 9999, balance: 9999 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { jobId, scheduled } = res.json() as { jobId: string; scheduled: number };
    expect(scheduled).toBe(25);
    expect(await balanceOf(ctx, u.profileId)).toBe(0);

    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, jobId));
    expect(job).toEqual(
      expect.objectContaining({
        profileId: u.profileId,
        status: 'pending',
        totalEmailsIntended: 25,
        subject: body(resumeId).subject,
        resumeName: 'سيرتي الذاتية.pdf',
      }),
    );
    const rows = await ctx.db.select().from(deliveries).where(eq(deliveries.jobId, jobId));
    expect(rows).toHaveLength(25);
    const directory = new Map((await ctx.db.select().from(companies)).map((c) => [c.id, c]));
    for (const d of rows) {
      const company = directory.get(d.companyId as string);
      expect(d.status).toBe('pending');
      expect(d.profileId).toBe(u.profileId);
      expect({ email: d.recipientEmail, name: d.companyName, sector: d.sector, location: d.location }).toEqual({
        email: company?.email,
        name: company?.name,
        sector: company?.sector,
        location: company?.location,
      });
    }
    expect(new Set(rows.map((d) => d.companyId)).size).toBe(25);
  });

  it('never queues a company twice for one user, and answers NO_COMPANIES when every company is taken', async () => {
    const total = await trialCompanyCount();
    const u = await user({ balance: total + 50 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const first = await schedule(ctx, u.cookie, body(resumeId));
    expect(first.json().scheduled).toBe(total);
    expect(await balanceOf(ctx, u.profileId)).toBe(50);
    const again = await schedule(ctx, u.cookie, body(resumeId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'NO_COMPANIES' });
    expect(await balanceOf(ctx, u.profileId)).toBe(50);
    expect((await get<SendingCompose>(u.cookie, '/api/sending/compose')).companiesRemaining).toBe(0);

    // A company deleted and added again (a new id, the same address) is not the user's to apply to twice.
    const [contacted] = await ctx.db
      .select()
      .from(companies)
      .innerJoin(deliveries, eq(deliveries.companyId, companies.id))
      .where(eq(deliveries.profileId, u.profileId))
      .limit(1);
    if (!contacted) throw new Error('no company contacted');
    await ctx.db.delete(companies).where(eq(companies.id, contacted.companies.id));
    const { name, sector, location, packageId, email: address } = contacted.companies;
    await ctx.db.insert(companies).values({ name, sector, location, packageId, email: address.toUpperCase() });
    expect((await get<SendingCompose>(u.cookie, '/api/sending/compose')).companiesRemaining).toBe(0);
    expect((await schedule(ctx, u.cookie, body(resumeId))).json()).toEqual({ code: 'NO_COMPANIES' });

    // A failed delivery frees its company again.
    const [oneRow] = await ctx.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.profileId, u.profileId)).limit(1);
    await ctx.db
      .update(deliveries)
      .set({ status: 'failed' })
      .where(eq(deliveries.id, oneRow?.id as string));
    const retry = await schedule(ctx, u.cookie, body(resumeId));
    expect(retry.json().scheduled).toBe(1);
  });

  it('checks its rules on the server: fields, résumé ownership, balance, linked mailbox', async () => {
    const u = await user({ linked: false });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const code = async (payload: object, cookie = u.cookie) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/sending/jobs', headers: { cookie }, payload });
      return [res.statusCode, res.json().code];
    };
    expect(await code({ ...body(resumeId), subject: '   ' })).toEqual([400, 'MISSING_FIELDS']);
    expect(await code({ ...body(resumeId), content: '<p> </p>' })).toEqual([400, 'MISSING_FIELDS']);
    expect(await code({ ...body(resumeId), content: '<script>alert(1)</script>' })).toEqual([400, 'MISSING_FIELDS']);
    // A placeholder that would reach every company as typed.
    expect(await code({ ...body(resumeId), content: '<p>إلى {{company}}</p>' })).toEqual([400, 'PLACEHOLDER_UNKNOWN']);
    expect(await code({ subject: 'x', content: 'y' })).toEqual([400, 'VALIDATION']);
    expect(await code(body(resumeId))).toEqual([409, 'MAILBOX_NOT_LINKED']);

    const other = await user({ linked: false });
    expect(await code(body(resumeId), other.cookie)).toEqual([404, 'RESUME_NOT_FOUND']);

    // The balance ran out after the upload (another tab sent meanwhile).
    const linked = await user();
    const ownResume = await uploadedResumeId(ctx, linked.cookie);
    await setBalance(ctx, linked.profileId, 0);
    expect(await code(body(ownResume), linked.cookie)).toEqual([409, 'NO_BALANCE']);
    expect(await ctx.db.select().from(sendJobs).where(eq(sendJobs.profileId, linked.profileId))).toHaveLength(0);
  });

  it('asks an account made before registration asked the name for it once: no job goes out nameless', async () => {
    const u = await user();
    await ctx.db.update(profiles).set({ fullName: null, fullNameEn: null }).where(eq(profiles.id, u.profileId));
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    expect((await get<SendingCompose>(u.cookie, '/api/sending/compose')).applicant).toEqual({
      fullName: null,
      fullNameEn: null,
      phone: '0512345678',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/sending/jobs',
      headers: { cookie: u.cookie },
      payload: body(resumeId),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'APPLICANT_NAME_REQUIRED']);
    expect(await balanceOf(ctx, u.profileId)).toBeGreaterThan(0);
    expect(await ctx.db.select().from(sendJobs).where(eq(sendJobs.profileId, u.profileId))).toHaveLength(0);

    const name = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/me/applicant', headers: { cookie: u.cookie }, payload });
    expect((await name({ fullName: 'x' })).json().code).toBe('INVALID_NAME');
    expect((await name({ fullName: 'محمد', fullNameEn: 'محمد' })).json().code).toBe('INVALID_NAME_EN');
    const saved = await name({ fullName: ' محمد  العتيبي ', fullNameEn: 'Mohammed Alotaibi' });
    expect([saved.statusCode, saved.json()]).toEqual([
      200,
      { fullName: 'محمد العتيبي', fullNameEn: 'Mohammed Alotaibi', phone: '0512345678' },
    ]);
    expect((await get<{ fullName: string }>(u.cookie, '/api/users/me')).fullName).toBe('محمد العتيبي');

    // The applicant's placeholders are accepted, and the job keeps the applicant as scheduled.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sending/jobs',
      headers: { cookie: u.cookie },
      payload: {
        ...body(resumeId),
        content: '<p>مع التحية،</p><p>{{ applicant_name }} ({{APPLICANT_NAME_EN}})<br>{{applicant_phone}}</p>',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [job] = await ctx.db
      .select({ name: sendJobs.applicantName, nameEn: sendJobs.applicantNameEn, phone: sendJobs.applicantPhone })
      .from(sendJobs)
      .where(eq(sendJobs.profileId, u.profileId));
    expect(job).toEqual({ name: 'محمد العتيبي', nameEn: 'Mohammed Alotaibi', phone: '0512345678' });
  });

  it('refuses a résumé whose bytes are not stored (a file an earlier version kept on another disk): nothing is debited', async () => {
    const u = await user({ balance: 5 });
    const [legacy] = await ctx.db
      .insert(resumes)
      .values({ profileId: u.profileId, path: `${u.profileId}/old-${Date.now()}.pdf`, originalName: 'old.pdf', sizeBytes: 2048 })
      .returning({ id: resumes.id });
    const res = await schedule(ctx, u.cookie, body(legacy?.id as string));
    expect([res.statusCode, res.json().code]).toEqual([404, 'RESUME_NOT_FOUND']);
    expect(await balanceOf(ctx, u.profileId)).toBe(5);
    expect(await ctx.db.select().from(sendJobs).where(eq(sendJobs.profileId, u.profileId))).toHaveLength(0);
  });

  it('stores the content sanitised', async () => {
    const u = await user({ balance: 1 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const res = await schedule(ctx, u.cookie, {
      ...body(resumeId),
      content: '<p onclick="x()">مرحبا {{company_name}}</p><script>steal()</script>',
    });
    const [job] = await ctx.db.select().from(sendJobs).where(eq(sendJobs.id, res.json().jobId));
    expect(job?.content).toBe('<p>مرحبا {{company_name}}</p>');
  });

  it('50 simultaneous submissions by one user never spend more than the balance', async () => {
    const u = await user({ balance: 37 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const answers = await Promise.all(Array.from({ length: 50 }, () => schedule(ctx, u.cookie, body(resumeId))));
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().scheduled as number);
    const refused = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().code);
    expect(created.reduce((a, b) => a + b, 0)).toBe(37);
    expect(new Set(refused)).toEqual(new Set(['NO_BALANCE']));
    expect(await balanceOf(ctx, u.profileId)).toBe(0);
    const rows = await ctx.db.select({ companyId: deliveries.companyId }).from(deliveries).where(eq(deliveries.profileId, u.profileId));
    expect(rows).toHaveLength(37);
    expect(new Set(rows.map((r) => r.companyId)).size).toBe(37);
    const [sum] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select coalesce(sum(total_emails_intended), 0)::int as n from send_jobs where profile_id = ${u.profileId}`),
    );
    expect(sum?.n).toBe(37);
  });

  it('50 simultaneous submissions with a balance above the directory still queue each company once', async () => {
    const total = await trialCompanyCount();
    const u = await user({ balance: total * 3 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const answers = await Promise.all(Array.from({ length: 50 }, () => schedule(ctx, u.cookie, body(resumeId))));
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().scheduled as number);
    expect(created).toEqual([total]);
    expect(await balanceOf(ctx, u.profileId)).toBe(total * 2);
  });

  it(`caps one job at ${PACKAGE_COMPANY_LIMIT} companies, and says how many the package has beyond it`, async () => {
    const u = await user({ balance: PACKAGE_COMPANY_LIMIT + 500 });
    const [pkg] = await ctx.db.select({ id: packages.id }).from(packages).where(eq(packages.name, 'تجريبي'));
    await ctx.db.execute(sql`
      insert into companies (name, email, sector, location, package_id)
      select 'شركة الاختبار ' || g, 'cap-' || g || '-' || ${u.profileId.slice(0, 8)} || '@cap.example', 'تقنية', 'الرياض', ${pkg?.id}
      from generate_series(1, ${PACKAGE_COMPANY_LIMIT}) g`);
    try {
      // Every company left is counted; one send takes the per-send limit, and the plan says the same.
      const all = await trialCompanyCount();
      const compose = await get<SendingCompose>(u.cookie, '/api/sending/compose');
      expect([compose.companiesRemaining, compose.sendableNow]).toEqual([all, PACKAGE_COMPANY_LIMIT]);
      expect(all).toBeGreaterThan(PACKAGE_COMPANY_LIMIT);
      const plan = await get<SendPlan>(u.cookie, '/api/sending/plan?sendWindow=any_time');
      expect(plan.messages).toBe(PACKAGE_COMPANY_LIMIT);

      const resumeId = await uploadedResumeId(ctx, u.cookie);
      const res = await schedule(ctx, u.cookie, body(resumeId));
      expect(res.json().scheduled).toBe(PACKAGE_COMPANY_LIMIT);
      const after = await get<SendingCompose>(u.cookie, '/api/sending/compose');
      expect([after.companiesRemaining, after.sendableNow]).toEqual([all - PACKAGE_COMPANY_LIMIT, all - PACKAGE_COMPANY_LIMIT]);
      expect(await balanceOf(ctx, u.profileId)).toBe(500);
    } finally {
      await ctx.db.execute(sql`delete from deliveries where profile_id = ${u.profileId}`);
      await ctx.db.execute(sql`delete from companies where email like 'cap-%@cap.example'`);
    }
  });
});

describe("the mailbox's daily cap, said before sending and while it holds messages", () => {
  /** `n` messages the mailbox sent over the last ten hours (to addresses outside the directory); the oldest first. */
  async function sentToday(u: { profileId: string }, n: number): Promise<Date[]> {
    const mailbox = `${u.profileId.slice(0, 8)}@gmail.com`;
    const [job] = await ctx.db
      .insert(sendJobs)
      .values({ profileId: u.profileId, subject: 'سابق', content: '<p>سابق</p>', resumePath: 'x.pdf', status: 'completed' })
      .returning({ id: sendJobs.id });
    const times = Array.from({ length: n }, (_, i) => new Date(Date.now() - 10 * 3600_000 + i * 60_000));
    await ctx.db.insert(deliveries).values(
      times.map((sentAt, i) => ({
        jobId: job?.id as string,
        profileId: u.profileId,
        recipientEmail: `earlier-${i}@elsewhere.example`,
        companyName: `شركة سابقة ${i}`,
        sector: 'غير محدد',
        location: 'غير محدد',
        status: 'sent',
        senderEmail: mailbox,
        sentAt,
      })),
    );
    return times;
  }

  it('/send-resume is told how many go now and from when the rest go (30 sent today, a cap of 100, 200 to send)', async () => {
    const u = await user({ balance: 200 });
    await ctx.db.execute(sql`update user_gmail set daily_cap = 100 where profile_id = ${u.profileId}`);
    const times = await sentToday(u, 30);
    const compose = await get<SendingCompose>(u.cookie, '/api/sending/compose');
    expect(compose.sendableNow).toBe(200);
    expect(compose.dailyLimit).toEqual({
      cap: 100,
      sendsNow: 70,
      restFrom: new Date((times[0] as Date).getTime() + 86_400_000).toISOString(),
    });

    // A send that fits under the cap is not told anything.
    await setBalance(ctx, u.profileId, 70);
    expect((await get<SendingCompose>(u.cookie, '/api/sending/compose')).dailyLimit).toBeNull();
  });

  it('the dashboard says the cap holds the next message, and until when', async () => {
    const u = await user({ balance: 5 });
    await ctx.db.execute(sql`update user_gmail set daily_cap = 100 where profile_id = ${u.profileId}`);
    const times = await sentToday(u, 100);
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    await schedule(ctx, u.cookie, body(resumeId));
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    const until = new Date((times[0] as Date).getTime() + 86_400_000).toISOString();
    expect(status.dailyLimit).toEqual({ cap: 100, until });
    expect(status.pausedUntil).toBeNull();
    expect(Date.parse(status.estimatedFinishAt as string)).toBeGreaterThanOrEqual(Date.parse(until));

    // Under the cap, nothing to say.
    await ctx.db.execute(sql`update user_gmail set daily_cap = 400 where profile_id = ${u.profileId}`);
    expect((await get<SendingStatus>(u.cookie, '/api/sending/status')).dailyLimit).toBeNull();
  });
});

describe('dashboard: status, deliveries, overview', () => {
  it("counts the viewer's deliveries, lists recent jobs, estimates the finish and pages the log — and only theirs", async () => {
    const u = await user({ balance: 60 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const { jobId } = (await schedule(ctx, u.cookie, body(resumeId))).json() as { jobId: string };
    // Shape the rows as the worker would have left them.
    const rows = await ctx.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.jobId, jobId))
      .orderBy(asc(deliveries.companyName));
    const ids = rows.map((r) => r.id);
    const set = async (slice: string[], values: Partial<typeof deliveries.$inferInsert>) => {
      for (const id of slice) await ctx.db.update(deliveries).set(values).where(eq(deliveries.id, id));
    };
    await set(ids.slice(0, 10), { status: 'sent', sentAt: new Date(), senderEmail: `${u.profileId.slice(0, 8)}@gmail.com` });
    await set(ids.slice(10, 13), { status: 'failed', lastError: 'رفض' });
    await set(ids.slice(13, 15), { status: 'sending', leaseExpiresAt: new Date(Date.now() + 60_000) });
    await set(ids.slice(15, 20), { status: 'held' });
    await ctx.db.update(sendJobs).set({ status: 'processing', sentCount: 10, failedCount: 3 }).where(eq(sendJobs.id, jobId));
    // The worker counts each message that left on the profile too (the dashboard's "sent").
    await ctx.db.update(profiles).set({ sentMessages: 10 }).where(eq(profiles.id, u.profileId));

    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.counts).toEqual({ total: 60, pending: 45, processing: 2, completed: 10, failed: 3 });
    expect(status.held).toBe(5);
    expect(status.pausedUntil).toBeNull();
    expect(status.jobs).toEqual([
      expect.objectContaining({ id: jobId, status: 'processing', total: 60, sent: 10, failed: 3, subject: body(resumeId).subject }),
    ]);
    // 40 pending + 2 sending at 1 s apart (defaults) → about 42 s from now, well within a day.
    const eta = Date.parse(status.estimatedFinishAt as string);
    expect(eta).toBeGreaterThan(Date.now() + 30_000);
    expect(eta).toBeLessThan(Date.now() + 120_000);

    const page1 = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?page=1');
    const page2 = await get<DeliveryPage>(u.cookie, '/api/sending/deliveries?page=2');
    expect(page1.pageSize).toBe(50);
    expect(page1.total).toBe(60);
    expect(page1.rows).toHaveLength(50);
    expect(page2.rows).toHaveLength(10);
    expect(new Set([...page1.rows, ...page2.rows].map((r) => r.id)).size).toBe(60);
    expect([...page1.rows, ...page2.rows].filter((r) => r.status === 'failed').every((r) => r.lastError === 'رفض')).toBe(true);

    const overview = await get<SendingOverview>(u.cookie, '/api/sending/overview');
    expect(overview).toEqual({ email: u.email, packageName: 'تجريبي' });
    // 40 waiting, 5 held and 2 being sent still hold the balance they took.
    expect(status.account).toEqual({ messagesRemaining: 0, reservedMessages: 47, sentMessages: 10, failedCount: 3 });
    expect(status.running).toBe(true);

    // Someone else sees none of it.
    const stranger = await user({ linked: false });
    expect((await get<SendingStatus>(stranger.cookie, '/api/sending/status')).counts.total).toBe(0);
    expect((await get<DeliveryPage>(stranger.cookie, '/api/sending/deliveries')).total).toBe(0);
  });

  it('reports a provider pause and pushes the estimate past it', async () => {
    const u = await user({ balance: 3 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    await schedule(ctx, u.cookie, body(resumeId));
    const until = new Date(Date.now() + 6 * 3600_000);
    await ctx.db.execute(sql`update user_gmail set paused_until = ${until} where profile_id = ${u.profileId}`);
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.pausedUntil).toBe(until.toISOString());
    expect(Date.parse(status.estimatedFinishAt as string)).toBeGreaterThanOrEqual(until.getTime());
  });

  it('does not promise messages before they are due: the last ones waiting for a retry', async () => {
    const u = await user({ balance: 3 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    await schedule(ctx, u.cookie, body(resumeId));
    const retryAt = new Date(Date.now() + 20 * 60_000);
    await ctx.db.execute(sql`update deliveries set next_attempt_at = ${retryAt}, attempts = 1 where profile_id = ${u.profileId}`);
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    // Three messages at 1 s apart (defaults), from the moment they are due.
    const eta = Date.parse(status.estimatedFinishAt as string);
    expect(eta).toBeGreaterThanOrEqual(retryAt.getTime());
    expect(eta).toBeLessThan(retryAt.getTime() + 60_000);
  });

  it('has no estimate without a linked mailbox or anything to send', async () => {
    const u = await user({ linked: false });
    const status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status).toEqual({
      account: { messagesRemaining: 10, reservedMessages: 0, sentMessages: 0, failedCount: 0 },
      running: false,
      counts: { total: 0, pending: 0, processing: 0, completed: 0, failed: 0 },
      estimatedFinishAt: null,
      pausedUntil: null,
      dailyLimit: null,
      windowOpensAt: null,
      held: 0,
      sendingPaused: false,
      jobs: [],
    });
    const [profile] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.id, u.profileId)));
    expect(profile?.messagesRemaining).toBe(10);
  });

  it('a send takes its messages from the balance and holds them as reserved until each leaves or fails', async () => {
    const u = await user({ balance: 10 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const { jobId } = (await schedule(ctx, u.cookie, body(resumeId))).json() as { jobId: string; scheduled: number };
    expect((await get<SendingStatus>(u.cookie, '/api/sending/status')).account).toEqual({
      messagesRemaining: 0,
      reservedMessages: 10,
      sentMessages: 0,
      failedCount: 0,
    });
    await settle(jobId, { sent: 4, failed: 1 });
    // The failed one's credit came back; the five still waiting stay reserved.
    expect((await get<SendingStatus>(u.cookie, '/api/sending/status')).account).toEqual({
      messagesRemaining: 1,
      reservedMessages: 5,
      sentMessages: 4,
      failedCount: 1,
    });
  });

  it('counts the current send only — the requests still running, else the latest — beside the account’s figures', async () => {
    const u = await user({ balance: 3 });
    const resumeId = await uploadedResumeId(ctx, u.cookie);
    const first = (await schedule(ctx, u.cookie, body(resumeId))).json() as { jobId: string };
    await settle(first.jobId, { sent: 2, failed: 1 });
    let status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    // Finished: the latest request is the current send.
    expect([status.running, status.counts]).toEqual([false, { total: 3, pending: 0, processing: 0, completed: 2, failed: 1 }]);

    await setBalance(ctx, u.profileId, 5);
    const second = (await schedule(ctx, u.cookie, body(resumeId))).json() as { jobId: string };
    await settle(second.jobId, { sent: 2 });
    status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    // The progress is the running request's (2 of 5), not the 5 of 8 every send ever made adds up to.
    expect([status.running, status.counts]).toEqual([true, { total: 5, pending: 3, processing: 0, completed: 2, failed: 0 }]);
    // The header's figures are the account's: every message that left, every failure.
    expect(status.account).toEqual({ messagesRemaining: 0, reservedMessages: 3, sentMessages: 4, failedCount: 1 });
    expect(status.jobs.map((j) => [j.id, j.sent, j.failed, j.total])).toEqual([
      [second.jobId, 2, 0, 5],
      [first.jobId, 2, 1, 3],
    ]);

    // Two requests running at once are one queue: both are the current send.
    await setBalance(ctx, u.profileId, 2);
    await schedule(ctx, u.cookie, body(resumeId));
    status = await get<SendingStatus>(u.cookie, '/api/sending/status');
    expect(status.counts).toEqual({ total: 7, pending: 5, processing: 0, completed: 2, failed: 0 });
  });
});

/**
 * Leaves the first deliveries of a job as the worker records them: sent (with the job's and the profile's
 * counters) and failed (with a failed_emails row and the credit back), in company order.
 */
async function settle(jobId: string, outcome: { sent?: number; failed?: number }) {
  const sent = outcome.sent ?? 0;
  const failed = outcome.failed ?? 0;
  const rows = await ctx.db
    .select({ id: deliveries.id, profileId: deliveries.profileId, email: deliveries.recipientEmail })
    .from(deliveries)
    .where(eq(deliveries.jobId, jobId))
    .orderBy(asc(deliveries.companyName), asc(deliveries.id));
  const profileId = rows[0]?.profileId as string;
  for (const row of rows.slice(0, sent)) {
    await ctx.db.update(deliveries).set({ status: 'sent', sentAt: new Date(), attempts: 1 }).where(eq(deliveries.id, row.id));
  }
  for (const row of rows.slice(sent, sent + failed)) {
    await ctx.db.update(deliveries).set({ status: 'failed', lastError: 'رفض', attempts: 1 }).where(eq(deliveries.id, row.id));
    await ctx.db.insert(failedEmails).values({ profileId, deliveryId: row.id, email: row.email, error: 'رفض' });
  }
  const done = sent + failed === rows.length;
  await ctx.db
    .update(sendJobs)
    .set({
      sentCount: sql`${sendJobs.sentCount} + ${sent}`,
      failedCount: sql`${sendJobs.failedCount} + ${failed}`,
      status: done ? 'completed' : 'processing',
    })
    .where(eq(sendJobs.id, jobId));
  await ctx.db
    .update(profiles)
    .set({ sentMessages: sql`${profiles.sentMessages} + ${sent}`, messagesRemaining: sql`${profiles.messagesRemaining} + ${failed}` })
    .where(eq(profiles.id, profileId));
}
