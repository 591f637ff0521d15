import { contract } from '@sira/shared/contract';
import { sendableText, sendingText, targetingText } from '@sira/shared/messages/sending';
import { sendPlanText } from '@sira/shared/messages/sending-window';
import {
  type SendingCompose,
  scheduledSendSchema,
  sendingComposeSchema,
  sendTargetsSchema,
  type UploadedResume,
  uploadedResumeSchema,
} from '@sira/shared/schemas/sending';
import { type SendPlan, sendPlanSchema } from '@sira/shared/schemas/sending-window';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, ok, on, type Reply, stubApi } from '~test/api';
import { renderInApp } from '~test/render';
import { SendResumeForm } from './send-resume-form';

const TEMPLATE_ID = '0b4f3c1e-6a63-4c1e-9a57-1f2d3e4a5b6c';
const RESUME_ID = '3d1c2b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const JOB_ID = '7a8b9c0d-1e2f-4a3b-9c5d-6e7f8a9b0c1d';

const compose = (over: Partial<SendingCompose> = {}): SendingCompose => ({
  templates: [{ id: TEMPLATE_ID, name: 'طلب توظيف', subject: 'طلب وظيفة', content: '<p>السلام عليكم</p>' }],
  balance: 50,
  companiesRemaining: 30,
  ownCompaniesRemaining: 0,
  ownListAllowed: false,
  sendableNow: 30,
  dailyLimit: null,
  applicant: { fullName: 'أحمد علي', fullNameEn: 'Ahmad Ali', phone: null },
  ...over,
});

/** 30 companies not yet contacted: 17 in technology (12 Riyadh, 5 Jeddah), 13 in health (8 Riyadh, 5 Jeddah). */
const groups = [
  { sector: 'تقنية', city: 'الرياض', count: 12 },
  { sector: 'تقنية', city: 'جدة', count: 5 },
  { sector: 'صحة', city: 'الرياض', count: 8 },
  { sector: 'صحة', city: 'جدة', count: 5 },
];

/** The server's plan: working hours spread a send over three days, any time sends it in one. */
const plan = (sendWindow: string, messages: number): SendPlan => {
  const working = sendWindow === 'working_hours';
  return {
    sendWindow: working ? 'working_hours' : 'any_time',
    messages,
    ahead: 0,
    days: working ? 3 : 1,
    sendingDays: working ? 3 : 1,
    firstDayCount: working ? 10 : messages,
    startsAt: '2026-11-29T05:00:00.000Z',
    finishAt: working ? '2026-12-01T12:30:00.000Z' : '2026-11-29T20:00:00.000Z',
    dailyCap: 100,
    sentLast24h: 0,
    window: { days: [0, 1, 2, 3, 4], start: '08:00', end: '16:00', holidays: [] },
    mailboxLinked: true,
  };
};

const resume = (check: Partial<UploadedResume['check']> = {}, name = 'Ahmad_Ali_CV.pdf'): UploadedResume => ({
  id: RESUME_ID,
  name,
  sizeBytes: 1200,
  check: { pages: 2, hasText: true, emailFound: true, phoneFound: true, suggestedName: null, ...check },
});

function server(over: Record<string, Answer> = {}, composed = compose()) {
  return stubApi({
    [on(contract.sending.compose)]: ok(sendingComposeSchema, composed),
    [on(contract.sending.targets)]: ok(sendTargetsSchema, { groups, own: { count: 0, alsoInDirectory: [] } }),
    [on(contract.sending.plan)]: ({ query }) =>
      ok(sendPlanSchema, plan(query.get('sendWindow') ?? '', Number(query.get('count') ?? composed.sendableNow))),
    [on(contract.sending.uploadResume)]: ok(uploadedResumeSchema, resume(), 201),
    [on(contract.sending.schedule)]: ok(scheduledSendSchema, { jobId: JOB_ID, scheduled: 30 }, 201),
    ...over,
  });
}

const pdf = (name = 'Ahmad_Ali_CV.pdf') => new File(['%PDF-1.7 résumé'], name, { type: 'application/pdf' });

async function openForm(linked = true) {
  const app = renderInApp(<SendResumeForm linked={linked} />, { path: '/send-resume' });
  await screen.findByRole('heading', { name: 'تفاصيل الرسالة' });
  return app;
}

/** Fills what a send needs: a template (subject and content) and the résumé. */
async function fillIn({ user }: ReturnType<typeof renderInApp>, file = pdf()) {
  await user.click(screen.getByRole('combobox', { name: 'القالب' }));
  await user.click(await screen.findByRole('option', { name: 'طلب توظيف' }));
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}

const submit = (app: ReturnType<typeof renderInApp>) => app.user.click(screen.getByRole('button', { name: 'إرسال السيرة الذاتية' }));
/** The form's own message (a toast says it too, outside the form). */
const formAlert = () => within(screen.getByRole('region', { name: 'تفاصيل الرسالة' })).queryByRole('alert');
const alertText = () => formAlert()?.textContent;

describe('/send-resume: which companies', () => {
  it('counts the companies a choice of sectors and cities reaches, as the user chooses', async () => {
    const { requests } = server();
    const app = await openForm();
    const summary = screen.getByTestId('sendable-summary');
    expect(within(summary).getByText(sendableText.reaches(30))).toBeTruthy();
    expect(screen.queryByTestId('target-count')).toBeNull();

    // Each sector with the companies it adds.
    await app.user.click(await screen.findByRole('combobox', { name: targetingText.sectors }));
    expect(screen.getByRole('option', { name: 'تقنية (17)' })).toBeTruthy();
    await app.user.click(screen.getByRole('option', { name: 'صحة (13)' }));
    expect(screen.getByTestId('target-count').textContent).toBe(targetingText.receive(13));

    // The cities count within the chosen sector.
    await app.user.click(await screen.findByRole('combobox', { name: targetingText.cities }));
    expect(screen.getByRole('option', { name: 'الرياض (8)' })).toBeTruthy();
    await app.user.click(screen.getByRole('option', { name: 'جدة (5)' }));
    expect(screen.getByTestId('target-count').textContent).toBe(targetingText.receive(5));
    expect(within(summary).getByText(sendableText.reaches(5))).toBeTruthy();
    // The plan is asked for the narrowed send.
    await waitFor(() => expect(requests.some((r) => r.path === contract.sending.plan.path && r.query.get('count') === '5')).toBe(true));

    // "Send to all" undoes the choice.
    await app.user.click(screen.getByRole('button', { name: targetingText.reset }));
    expect(screen.queryByTestId('target-count')).toBeNull();
    expect(within(summary).getByText(sendableText.reaches(30))).toBeTruthy();
  });

  it('says when the balance reaches fewer companies than the choice matches', async () => {
    server({}, compose({ balance: 10, sendableNow: 10 }));
    const app = await openForm();
    await app.user.click(await screen.findByRole('combobox', { name: targetingText.sectors }));
    await app.user.click(screen.getByRole('option', { name: 'تقنية (17)' }));
    expect(screen.getByTestId('target-count').textContent).toBe(targetingText.limitedByBalance(17, 10));
  });

  it('sends the chosen sectors and cities and the chosen window with the job', async () => {
    const { requests } = server();
    const app = await openForm();
    await app.user.click(await screen.findByRole('combobox', { name: targetingText.cities }));
    await app.user.click(screen.getByRole('option', { name: 'الرياض (20)' }));
    await app.user.click(screen.getByRole('radio', { name: sendPlanText.anyTime }));
    await fillIn(app);
    await submit(app);
    expect(await screen.findByText(sendingText.scheduled(30))).toBeTruthy();
    const job = requests.find((r) => r.method === 'POST' && r.path === contract.sending.schedule.path);
    expect(job?.body).toEqual({
      resumeId: RESUME_ID,
      subject: 'طلب وظيفة',
      content: 'السلام عليكم',
      sendWindow: 'any_time',
      source: 'directory',
      targeting: { sectors: [], cities: ['الرياض'] },
    });
  });
});

describe('/send-resume: the directory, my companies or both', () => {
  /** 6 own companies, 2 of them also in the directory (technology, Riyadh). */
  const own = { count: 6, alsoInDirectory: [{ sector: 'تقنية', city: 'الرياض', count: 2 }] };
  const withOwn = (over: Record<string, Answer> = {}) =>
    server(
      { [on(contract.sending.targets)]: ok(sendTargetsSchema, { groups, own }), ...over },
      compose({ ownCompaniesRemaining: 6, ownListAllowed: true }),
    );

  it('offers no choice without own companies or a package that allows them', async () => {
    server();
    await openForm();
    expect(screen.queryByRole('radio', { name: 'قائمتي' })).toBeNull();
  });

  it('counts my companies whole and sends to them alone, without the directory’s sectors and cities', async () => {
    const { requests } = withOwn();
    const app = await openForm();
    await app.user.click(await screen.findByRole('radio', { name: 'قائمتي' }));
    expect(within(screen.getByTestId('sendable-summary')).getByText(sendableText.reaches(6))).toBeTruthy();
    // Sectors and cities narrow the directory only: not offered for the list alone.
    expect(screen.queryByRole('combobox', { name: targetingText.cities })).toBeNull();
    await waitFor(() =>
      expect(
        requests.some((r) => r.path === contract.sending.plan.path && r.query.get('source') === 'own_list' && r.query.get('count') === '6'),
      ).toBe(true),
    );
    await fillIn(app);
    await submit(app);
    expect(await screen.findByText(sendingText.scheduled(30))).toBeTruthy();
    const job = requests.find((r) => r.method === 'POST' && r.path === contract.sending.schedule.path);
    expect(job?.body).toMatchObject({ source: 'own_list' });
    expect(job?.body).not.toHaveProperty('targeting');
  });

  it('counts both once per address, the directory narrowed and my companies whole', async () => {
    withOwn();
    const app = await openForm();
    await app.user.click(await screen.findByRole('radio', { name: 'الدليل وقائمتي معاً' }));
    expect(within(screen.getByTestId('sendable-summary')).getByText(sendableText.reaches(34))).toBeTruthy();
    expect(screen.getByTestId('source-narrows-directory')).toBeTruthy();
    await app.user.click(await screen.findByRole('combobox', { name: targetingText.cities }));
    await app.user.click(screen.getByRole('option', { name: 'جدة (10)' }));
    // Jeddah's 10 and the 6 of my companies, none of them in Jeddah's directory.
    expect(screen.getByTestId('target-count').textContent).toBe(targetingText.receive(16));
  });

  it('shows the way to my companies when the package allows them and none is left', async () => {
    server({}, compose({ ownCompaniesRemaining: 0, ownListAllowed: true }));
    await openForm();
    const own = screen.getByRole('radio', { name: 'قائمتي' }) as HTMLInputElement;
    expect(own.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'أضف شركاتك في «قائمتي»' }).getAttribute('href')).toBe('/my-companies');
  });
});

describe('/send-resume: when the messages leave', () => {
  it('shows the plan for working hours, and the plan for any time once chosen', async () => {
    const { requests } = server();
    const app = await openForm();
    const planCard = screen.getByTestId('send-plan');
    const workingHours = within(planCard).getByRole('radio', { name: sendPlanText.workingHours });
    expect((workingHours as HTMLInputElement).checked).toBe(true);
    // The admin's window is said beside the choice.
    expect(within(planCard).getByText(sendPlanText.workingHoursHint('الأحد – الخميس', '08:00', '16:00'))).toBeTruthy();
    const summary = await within(planCard).findByTestId('send-plan-summary');
    expect(summary.textContent).toContain(sendPlanText.summary(30, 3));
    expect(within(summary).getByTestId('send-plan-finish').textContent).toMatch(/^الانتهاء المتوقع: .*2026.*1448 هـ\)$/);
    expect(summary.textContent).toContain(sendPlanText.firstDay(10));
    expect(summary.textContent).toContain(sendPlanText.cap(100, 0));

    await app.user.click(within(planCard).getByRole('radio', { name: sendPlanText.anyTime }));
    await waitFor(() => expect(screen.getByTestId('send-plan-summary').textContent).toContain(sendPlanText.summary(30, 1)));
    expect(requests.filter((r) => r.path === contract.sending.plan.path).map((r) => r.query.get('sendWindow'))).toEqual([
      'working_hours',
      'any_time',
    ]);
  });

  it('sends in working hours unless the user chose otherwise', async () => {
    const { requests } = server();
    const app = await openForm();
    await fillIn(app);
    await submit(app);
    await screen.findByText(sendingText.scheduled(30));
    const job = requests.find((r) => r.path === contract.sending.schedule.path);
    expect(job?.body).toMatchObject({ sendWindow: 'working_hours' });
    expect(job?.body).not.toHaveProperty('targeting');
  });
});

describe('/send-resume: the résumé before anything is sent', () => {
  it('without a résumé nothing is uploaded: the fields left empty are marked and the file is asked for', async () => {
    const { requests } = server();
    const app = await openForm();
    await submit(app);
    expect(alertText()).toBe(sendingText.fieldsRequired);
    expect(screen.getByRole('textbox', { name: 'عنوان الرسالة' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'محتوى الرسالة' }).getAttribute('aria-invalid')).toBe('true');
    // The first field at fault takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'عنوان الرسالة' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says the file is being uploaded and checked, then what the check found', async () => {
    let answer: (value: Reply) => void = () => {};
    server({ [on(contract.sending.uploadResume)]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    const app = await openForm();
    await fillIn(app);
    await submit(app);
    expect(await screen.findByText('جارٍ رفع الملف…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'إرسال السيرة الذاتية' }) as HTMLButtonElement).disabled).toBe(true);
    answer(ok(uploadedResumeSchema, resume(), 201));
    const report = await screen.findByRole('region', { name: sendingText.resumeCheckHeading });
    expect(within(report).getByText(sendingText.resumeCheckPages(2))).toBeTruthy();
    expect(within(report).getByText(sendingText.resumeCheckOk)).toBeTruthy();
    await screen.findByText(sendingText.scheduled(30));
  });

  it('holds the send until the user confirms reading the warnings', async () => {
    const { requests } = server({
      [on(contract.sending.uploadResume)]: ok(uploadedResumeSchema, resume({ emailFound: false, phoneFound: false }), 201),
    });
    const app = await openForm();
    await fillIn(app);
    await submit(app);
    const report = await screen.findByRole('region', { name: sendingText.resumeCheckHeading });
    expect(within(report).getByText(sendingText.resumeNoEmail)).toBeTruthy();
    expect(within(report).getByText(sendingText.resumeNoPhone)).toBeTruthy();
    await waitFor(() => expect(alertText()).toBe(sendingText.resumeWarningsMustAccept));
    const accept = within(report).getByRole('checkbox', { name: sendingText.resumeWarningsAccept });
    // Marked red: the form's message says why.
    expect(accept.getAttribute('data-error')).toBe('true');
    expect(requests.some((r) => r.path === contract.sending.schedule.path)).toBe(false);

    await app.user.click(accept);
    expect(formAlert()).toBeNull();
    await submit(app);
    await screen.findByText(sendingText.scheduled(30));
    // The file was uploaded once.
    expect(requests.filter((r) => r.path === contract.sending.uploadResume.path)).toHaveLength(1);
  });

  it('a scan is said alone: its contact details cannot be read either', async () => {
    server({ [on(contract.sending.uploadResume)]: ok(uploadedResumeSchema, resume({ hasText: false, emailFound: false }), 201) });
    const app = await openForm();
    await fillIn(app);
    await submit(app);
    const report = await screen.findByRole('region', { name: sendingText.resumeCheckHeading });
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([sendingText.resumeNoText]);
  });

  it('asks for a better name than Document.pdf, and renames the file to the suggestion', async () => {
    const { requests } = server({
      [on(contract.sending.uploadResume)]: ok(uploadedResumeSchema, resume({ suggestedName: 'Ahmad_Ali_CV.pdf' }, 'Document.pdf'), 201),
      [on(contract.sending.renameResume, { id: RESUME_ID })]: ({ body }) => ({
        body: { id: RESUME_ID, name: (body as { name: string }).name },
      }),
    });
    const app = await openForm();
    await fillIn(app, pdf('Document.pdf'));
    await submit(app);
    const report = await screen.findByRole('region', { name: sendingText.resumeCheckHeading });
    expect(within(report).getByText(sendingText.resumeRenameHint('Document.pdf'))).toBeTruthy();
    const name = within(report).getByRole('textbox', { name: sendingText.resumeRenameLabel }) as HTMLInputElement;
    expect(name.value).toBe('Ahmad_Ali_CV.pdf');
    await waitFor(() => expect(alertText()).toBe(sendingText.resumeNameMustDecide));
    expect(requests.some((r) => r.path === contract.sending.schedule.path)).toBe(false);

    await app.user.clear(name);
    await app.user.paste('Ahmad_CV.pdf');
    await app.user.click(within(report).getByRole('button', { name: sendingText.resumeRename }));
    expect(await within(report).findByText(sendingText.resumeRenamed('Ahmad_CV.pdf'))).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Ahmad_CV.pdf' });
    expect(formAlert()).toBeNull();
    await submit(app);
    await screen.findByText(sendingText.scheduled(30));
  });

  it('may keep the file its own name', async () => {
    const { requests } = server({
      [on(contract.sending.uploadResume)]: ok(uploadedResumeSchema, resume({ suggestedName: 'Ahmad_Ali_CV.pdf' }, 'Document.pdf'), 201),
    });
    const app = await openForm();
    await fillIn(app, pdf('Document.pdf'));
    await submit(app);
    const report = await screen.findByRole('region', { name: sendingText.resumeCheckHeading });
    await app.user.click(within(report).getByRole('button', { name: sendingText.resumeKeepName }));
    expect(within(report).getByText(sendingText.resumeRenamed('Document.pdf'))).toBeTruthy();
    await submit(app);
    await screen.findByText(sendingText.scheduled(30));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
