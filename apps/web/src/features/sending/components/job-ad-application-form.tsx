import { Alert, Button, Card, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CONTENT_MAX_LENGTH, editableText, messageCount, SUBJECT_MAX_LENGTH, UPLOAD_RETRY } from '@sira/shared';
import { JOB_AD_MESSAGE } from '@sira/shared/messages/job-ads';
import { sendingText } from '@sira/shared/messages/sending';
import type { JobAdApplied } from '@sira/shared/schemas/job-ads';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { LoadError } from '~/components/ui/load-error';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { MessagePreview } from '~/components/ui/message-preview';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useApplyToJobAd } from '../api/apply-to-job-ad';
import { useCompose } from '../api/get-compose';
import { type ResumeProblem, useResumeAttachment } from '../hooks/use-resume-attachment';
import {
  type JobAdApplicationField,
  type JobAdChoice,
  type JobAdMessageValues,
  jobAdApplicationErrorText,
  jobAdApplicationProblem,
  jobAdPlaceholderValues,
  namesDirectoryFields,
} from '../utils/job-ad-application';
import { ApplicantNameForm } from './applicant-name-form';
import { ResumeAttachment } from './resume-attachment';
import { SendPlan } from './send-plan';
import { replacesOwnText } from './send-resume-form';
import { NoBalanceAlert } from './sendable-summary';

const texts = {
  heading: 'رسالة الطلب',
  template: 'القالب',
  templatePlaceholder: 'اختر قالباً لتعبئة العنوان والمحتوى',
  subject: 'عنوان الرسالة',
  content: 'محتوى الرسالة',
  contentHint:
    'يمكنك استخدام {{job_title}} و{{company_name}} وستُستبدل بالمسمى الوظيفي واسم الشركة أعلاه، و{{applicant_name}} و{{applicant_name_en}} و{{applicant_phone}} وستُستبدل باسمك ورقم جوالك.',
  directoryFields:
    'الإعلان لا يذكر قطاع الشركة ولا مدينتها، فيبقى مكان {{sector}} و{{location}} فارغاً في رسالتك: احذفهما أو اكتب بدلهما ما يناسب.',
  previewNote: 'هكذا تصل الرسالة إلى الشركة: بالمسمى الوظيفي واسم الشركة كما أكدتهما، وباسمك ورقم جوالك كما حفظتهما.',
  balance: (balance: number, count: number) => `رصيدك: ${messageCount(balance)} · يأخذ هذا الطلب: ${messageCount(count)}`,
  submit: 'أرسل الطلب',
  uploading: 'جارٍ رفع الملف…',
  retrying: (n: number) => `تعذر رفع الملف، جارٍ إعادة المحاولة (${n} من ${UPLOAD_RETRY.attempts})…`,
  applying: 'جارٍ إرسال الطلب…',
  applyFailed: 'تعذّر إرسال الطلب. يرجى المحاولة مرة أخرى.',
  sent: (count: number) => `جُدولت ${messageCount(count)} وتُرسل تلقائياً من بريدك.`,
  replaceTitle: 'استبدال نص الرسالة؟',
  replaceBody: 'سيحلّ عنوان القالب المختار ومحتواه محل ما كتبته أو عدّلته في الرسالة.',
  replace: 'استبدال',
  keep: 'إبقاء ما كتبته',
};

type Problem = ResumeProblem & { fields?: readonly JobAdApplicationField[] };

/** The id of a message field's input, to focus the first one at fault. */
const fieldId = (field: JobAdApplicationField) => `job-ad-${field}`;
const MESSAGE_FIELDS: readonly JobAdApplicationField[] = ['subject', 'content', 'file'];

/**
 * The message of an application to a job ad (ADR 029), sent through the same engine as every send: a template of
 * the user's package fills the subject and content, shown with the confirmed job title and company in place;
 * the résumé (uploaded on submit, as /send-resume's); when it may leave, with the plan; and the application,
 * one message per chosen address. It stays mounted while `choice` is null (no reading yet, or another ad), so
 * the message and the résumé are kept from one ad to the next. `onFault` hears the choice's fields an
 * application was refused for (the reader marks them), `onApplied` the answer.
 */
export function JobAdApplicationForm({
  choice,
  linked,
  onFault,
  onApplied,
}: {
  choice: JobAdChoice | null;
  linked: boolean;
  onFault: (fields: readonly JobAdApplicationField[]) => void;
  onApplied: (applied: JobAdApplied) => void;
}) {
  const compose = useCompose();
  useErrorToast(compose, sendingText.loadFailed);
  const apply = useApplyToJobAd();
  const [values, setValues] = useState<JobAdMessageValues>({ subject: '', content: '', file: null });
  const [templateId, setTemplateId] = useState<string | null>(null);
  /** The text the chosen template put in, to tell the user's own edits from it. */
  const [fromTemplate, setFromTemplate] = useState({ subject: '', content: '' });
  const [replacing, setReplacing] = useState<string | null>(null);
  const [sendWindow, setSendWindow] = useState<SendWindowMode>('working_hours');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [applying, setApplying] = useState(false);
  const attachment = useResumeAttachment({
    onAccepted: () => setProblem(null),
    onNamed: () => setProblem((p) => (p?.kind === 'text' && p.text === sendingText.resumeNameMustDecide ? null : p)),
  });

  if (choice === null) return null;
  if (compose.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={i === 2 ? 140 : 48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (compose.isError) return <LoadError title={sendingText.loadFailed} retryLabel={sendingText.retry} query={compose} />;
  const data = compose.data;
  // Asked once, before anything else: the company must know who writes (the server refuses a nameless send).
  if (!data.applicant.fullName) return <ApplicantNameForm />;

  // The job-ad message first: the package's templates are written for the directory (its sector and city).
  const offered = [JOB_AD_MESSAGE, ...data.templates];
  const busy = applying || attachment.uploading !== null;
  const clear = () => {
    setProblem(null);
    onFault([]);
  };
  const set = <K extends keyof JobAdMessageValues>(field: K, value: JobAdMessageValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear();
  };
  const applyTemplate = (id: string) => {
    const template = offered.find((t) => t.id === id);
    setTemplateId(id);
    if (!template) return;
    // Simple HTML becomes lines to edit: a job seeker should not have to read around tags (editableText).
    const content = editableText(template.content);
    setValues((v) => ({ ...v, subject: template.subject, content }));
    setFromTemplate({ subject: template.subject, content });
    clear();
  };
  const chooseTemplate = (id: string | null) => {
    if (!id) return;
    if (replacesOwnText(values, fromTemplate)) setReplacing(id);
    else applyTemplate(id);
  };
  // The message starts from the job-ad message until the user chooses a template of the package or writes one.
  const first = offered[0];
  if (first && templateId === null && values.subject === '' && values.content === '') {
    const content = editableText(first.content);
    setTemplateId(first.id);
    setValues((v) => ({ ...v, subject: first.subject, content }));
    setFromTemplate({ subject: first.subject, content });
  }

  const fail = (next: Problem) => {
    setProblem(next);
    notify.error(next.kind === 'no-balance' ? sendingText.noBalance : next.text, next.kind === 'text' ? next.autoClose : undefined);
    const fields = next.fields ?? [];
    onFault(fields.filter((f) => !MESSAGE_FIELDS.includes(f)));
    const own = fields[0];
    if (own && MESSAGE_FIELDS.includes(own)) document.getElementById(fieldId(own))?.focus();
  };

  const submit = async () => {
    clear();
    const refused = jobAdApplicationProblem(choice, values);
    if (refused) return fail({ kind: 'text', text: refused.message, fields: refused.fields });
    if (data.balance <= 0) return fail({ kind: 'no-balance' });
    if (!linked) return fail({ kind: 'text', text: sendingText.mailboxNotLinked });
    if (!values.file) return; // checked above: never missing here
    const readiness = await attachment.ready(values.file);
    if ('problem' in readiness) return fail(readiness.problem);
    setApplying(true);
    try {
      const result = await apply.mutateAsync({
        text: choice.text,
        emails: choice.emails,
        jobTitle: choice.jobTitle.trim(),
        companyName: choice.companyName.trim(),
        resumeId: readiness.resume.id,
        subject: values.subject,
        content: values.content,
        sendWindow,
      });
      notify.success(texts.sent(result.scheduled));
      onApplied(result);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : undefined;
      if (code === 'RESUME_NOT_FOUND') attachment.forget();
      if (code === 'NO_BALANCE') fail({ kind: 'no-balance' });
      else fail({ kind: 'text', text: jobAdApplicationErrorText(code, texts.applyFailed) });
    } finally {
      setApplying(false);
    }
  };

  const faulty = (field: JobAdApplicationField) => problem?.fields?.includes(field) ?? false;
  const busyLabel =
    attachment.uploading !== null
      ? attachment.uploading > 0
        ? texts.retrying(attachment.uploading)
        : texts.uploading
      : applying
        ? texts.applying
        : null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="job-ad-message-heading">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="xl" id="job-ad-message-heading">
            {texts.heading}
          </Title>
          {data.balance <= 0 ? (
            <NoBalanceAlert />
          ) : (
            <Text size="sm" fw={700} data-testid="job-ad-balance">
              {texts.balance(data.balance, choice.emails.length)}
            </Text>
          )}
          <Text size="sm" c="gray.8">
            {sendingText.applicantFrom(data.applicant.fullName)}
          </Text>
          <Select
            label={texts.template}
            placeholder={texts.templatePlaceholder}
            data={offered.map((t) => ({ value: t.id, label: t.name }))}
            value={templateId}
            onChange={chooseTemplate}
            disabled={busy}
            allowDeselect={false}
          />
          <TextInput
            id={fieldId('subject')}
            label={texts.subject}
            value={values.subject}
            onChange={(event) => set('subject', event.currentTarget.value)}
            error={faulty('subject')}
            disabled={busy}
            maxLength={SUBJECT_MAX_LENGTH}
            withAsterisk
          />
          <Textarea
            id={fieldId('content')}
            label={texts.content}
            description={withLtrRuns(texts.contentHint)}
            value={values.content}
            onChange={(event) => set('content', event.currentTarget.value)}
            error={faulty('content')}
            disabled={busy}
            autosize
            minRows={6}
            maxRows={18}
            maxLength={CONTENT_MAX_LENGTH}
            withAsterisk
            styles={{ input: { fontFamily: 'inherit' } }}
          />
          {namesDirectoryFields(values) ? (
            <Text size="sm" c="orange.9" data-testid="job-ad-directory-fields">
              {withLtrRuns(texts.directoryFields)}
            </Text>
          ) : null}
          <MessagePreview
            subject={values.subject}
            content={values.content}
            applicant={data.applicant}
            known={jobAdPlaceholderValues(choice)}
            note={texts.previewNote}
            defaultOpen
          />
          <div id={fieldId('file')} tabIndex={-1}>
            <ResumeAttachment
              attachment={attachment}
              value={values.file}
              onChange={(file) => set('file', file)}
              onPick={clear}
              disabled={busy}
            />
          </div>
          {choice.emails.length > 0 && data.balance > 0 ? (
            <SendPlan value={sendWindow} onChange={setSendWindow} disabled={busy} count={choice.emails.length} source="job_ad" />
          ) : null}
          {problem?.kind === 'no-balance' && data.balance > 0 ? <NoBalanceAlert /> : null}
          {problem?.kind === 'text' ? (
            <Alert color="red" role="alert">
              <Text size="sm" c="red.9" fw={700}>
                {problem.text}
              </Text>
            </Alert>
          ) : null}
          {busyLabel ? (
            <Text size="sm" c="gray.8" role="status">
              {busyLabel}
            </Text>
          ) : null}
          <Button type="submit" size="md" disabled={!linked || busy} loading={busy} style={{ alignSelf: 'flex-start' }}>
            {texts.submit}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        opened={replacing !== null}
        onClose={() => setReplacing(null)}
        title={texts.replaceTitle}
        closeLabel={texts.keep}
        cancelLabel={texts.keep}
        confirmLabel={texts.replace}
        pending={false}
        onConfirm={() => {
          if (replacing) applyTemplate(replacing);
          setReplacing(null);
        }}
      >
        <Text>{texts.replaceBody}</Text>
      </ConfirmDialog>
    </Card>
  );
}
