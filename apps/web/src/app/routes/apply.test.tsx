import { contract } from '@sira/shared/contract';
import { JOB_AD_MESSAGE } from '@sira/shared/messages/job-ads';
import { sendingText } from '@sira/shared/messages/sending';
import { type JobAdReading, jobAdAppliedSchema, jobAdReadingSchema } from '@sira/shared/schemas/job-ads';
import { mailboxStatusSchema } from '@sira/shared/schemas/mailbox';
import { type SendingCompose, sendingComposeSchema, uploadedResumeSchema } from '@sira/shared/schemas/sending';
import { sendPlanSchema } from '@sira/shared/schemas/sending-window';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, on, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import Apply from './apply';

const TEMPLATE_ID = '0b4f3c1e-6a63-4c1e-9a57-1f2d3e4a5b6c';
const RESUME_ID = '3d1c2b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const JOB_ID = '7a8b9c0d-1e2f-4a3b-9c5d-6e7f8a9b0c1d';
const AD_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e';

const compose: SendingCompose = {
  templates: [
    { id: TEMPLATE_ID, name: 'طلب وظيفة', subject: 'التقديم على وظيفة {{job_title}}', content: '<p>السادة {{company_name}}</p>' },
  ],
  balance: 9,
  companiesRemaining: 30,
  ownCompaniesRemaining: 0,
  ownListAllowed: false,
  sendableNow: 9,
  dailyLimit: null,
  applicant: { fullName: 'أحمد علي', fullNameEn: null, phone: null },
};

const reading: JobAdReading = {
  addresses: [
    { email: 'hr@example.com', blocked: null, contactedAt: null },
    { email: 'jobs@example.com', blocked: 'contacted', contactedAt: '2026-11-02T09:00:00.000Z' },
  ],
  jobTitle: 'محاسب',
  companyName: 'شركة المثال',
};

function server(over: Record<string, Answer> = {}) {
  return stubApi({
    [on(contract.mailbox.status)]: ok(mailboxStatusSchema, {
      linked: true,
      email: 'me@gmail.com',
      notice: null,
      activeDeliveries: 0,
      pausedUntil: null,
    }),
    [on(contract.sending.compose)]: ok(sendingComposeSchema, compose),
    [on(contract.jobAds.read)]: ok(jobAdReadingSchema, reading),
    [on(contract.sending.plan)]: ok(sendPlanSchema, {
      sendWindow: 'working_hours',
      messages: 1,
      ahead: 0,
      days: 1,
      sendingDays: 1,
      firstDayCount: 1,
      startsAt: '2026-11-29T05:00:00.000Z',
      finishAt: '2026-11-29T05:01:00.000Z',
      dailyCap: 100,
      sentLast24h: 0,
      window: { days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: [] },
      mailboxLinked: true,
    }),
    [on(contract.sending.uploadResume)]: ok(
      uploadedResumeSchema,
      {
        id: RESUME_ID,
        name: 'Ahmad_Ali_CV.pdf',
        sizeBytes: 1200,
        check: { pages: 1, hasText: true, emailFound: true, phoneFound: true, suggestedName: null },
      },
      201,
    ),
    [on(contract.jobAds.apply)]: ok(jobAdAppliedSchema, { jobId: JOB_ID, jobAdId: AD_ID, scheduled: 1 }, 201),
    ...over,
  });
}

async function readAd(post = 'مطلوب محاسب. أرسل سيرتك على hr [at] example.com') {
  const app = renderInApp(<Apply />, { path: '/apply' });
  // Pasted, as a post found elsewhere is.
  await app.user.click(await screen.findByTestId('job-ad-post'));
  await app.user.paste(post);
  await app.user.click(screen.getByRole('button', { name: 'اقرأ الإعلان' }));
  await screen.findByRole('heading', { name: 'ما وجدناه في الإعلان' });
  return app;
}

describe('/apply', () => {
  it('shows what was read, previews the message with it, and applies to the chosen address', async () => {
    const { requests } = server();
    const app = await readAd();
    const open = screen.getByRole('checkbox', { name: 'hr@example.com' }) as HTMLInputElement;
    const written = screen.getByRole('checkbox', { name: 'jobs@example.com' }) as HTMLInputElement;
    expect(open.checked).toBe(true);
    expect(written.disabled).toBe(true);
    expect(screen.getByText(/راسلت هذا العنوان في/)).toBeTruthy();

    // The job-ad message fills the message first; the preview shows the job and company as confirmed, edited here.
    const title = screen.getByLabelText(/^المسمى الوظيفي/) as HTMLInputElement;
    expect(title.value).toBe('محاسب');
    await app.user.clear(title);
    await app.user.type(title, 'محاسب أول');
    expect(await screen.findByText('الموضوع: طلب التقدم لوظيفة محاسب أول – أحمد علي')).toBeTruthy();
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('srcdoc')).toContain('السادة شركة المثال المحترمون');
    expect(frame?.getAttribute('srcdoc')).toContain('إعلانكم عن وظيفة محاسب أول');

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await app.user.upload(input, new File(['%PDF-1.7'], 'Ahmad_Ali_CV.pdf', { type: 'application/pdf' }));
    await app.user.click(screen.getByRole('button', { name: 'أرسل الطلب' }));

    const done = await screen.findByTestId('job-ad-applied');
    expect(within(done).getByRole('link', { name: 'لوحة التحكم' }).getAttribute('href')).toBe('/dashboard');
    const applied = requests.find((r) => r.method === 'POST' && r.path === contract.jobAds.apply.path);
    expect(applied?.body).toMatchObject({
      text: 'مطلوب محاسب. أرسل سيرتك على hr [at] example.com',
      emails: ['hr@example.com'],
      jobTitle: 'محاسب أول',
      companyName: 'شركة المثال',
      resumeId: RESUME_ID,
      subject: JOB_AD_MESSAGE.subject,
      sendWindow: 'working_hours',
    });
  });

  it('says so when the post has no address, and offers no message', async () => {
    server({ [on(contract.jobAds.read)]: ok(jobAdReadingSchema, { addresses: [], jobTitle: null, companyName: null }) });
    await readAd('مطلوب محاسب، قدّم عبر موقعنا');
    expect(screen.getByTestId('job-ad-no-address').textContent).toContain('لم نجد في هذا الإعلان بريداً إلكترونياً');
    expect(screen.queryByRole('button', { name: 'أرسل الطلب' })).toBeNull();
  });

  it('shows the server’s refusal in Arabic and keeps what the user chose', async () => {
    server({ [on(contract.jobAds.apply)]: { status: 402, body: { code: 'NO_BALANCE' } } });
    const app = await readAd();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await app.user.upload(input, new File(['%PDF-1.7'], 'Ahmad_Ali_CV.pdf', { type: 'application/pdf' }));
    await app.user.click(screen.getByRole('button', { name: 'أرسل الطلب' }));
    await waitFor(() => expect(screen.getAllByText(sendingText.noBalance).length).toBeGreaterThan(0));
    expect((screen.getByRole('checkbox', { name: 'hr@example.com' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says the mailbox must be linked first, with the way to link it', async () => {
    server({
      [on(contract.mailbox.status)]: ok(mailboxStatusSchema, {
        linked: false,
        email: null,
        notice: null,
        activeDeliveries: 0,
        pausedUntil: null,
      }),
    });
    renderInApp(<Apply />, { path: '/apply' });
    const notice = await screen.findByTestId('job-ad-not-linked');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/send-resume');
  });
});
