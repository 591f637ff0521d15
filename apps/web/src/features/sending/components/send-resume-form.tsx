import { Alert, Button, Card, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ALL_TARGETS,
  CONTENT_MAX_LENGTH,
  editableText,
  paths,
  SUBJECT_MAX_LENGTH,
  type Targeting,
  type TargetSource,
  targetsAll,
  UPLOAD_RETRY,
} from '@sira/shared';
import { composeFormSchema } from '@sira/shared/forms/sending';
import { sendingMessage, sendingText } from '@sira/shared/messages/sending';
import type { SendWindowMode } from '@sira/shared/schemas/sending-window';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { LoadError } from '~/components/ui/load-error';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { MessagePreview } from '~/components/ui/message-preview';
import { ApiRequestError } from '~/lib/api-client';
import { focusFirstFault, formMessage, markWithoutMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useCompose } from '../api/get-compose';
import { useSendTargets } from '../api/get-targets';
import { useScheduleSend } from '../api/schedule-send';
import { type ResumeProblem, useResumeAttachment } from '../hooks/use-resume-attachment';
import { offersSourceChoice, remainingFromSource, sourceReceivingCount } from '../utils/target-source';
import { ApplicantNameForm } from './applicant-name-form';
import { ResumeAttachment } from './resume-attachment';
import { SendPlan } from './send-plan';
import { NoBalanceAlert, SendableSummary } from './sendable-summary';
import { TargetFilter } from './target-filter';
import { TargetSourceChoice } from './target-source-choice';

const texts = {
  heading: 'تفاصيل الرسالة',
  template: 'القالب',
  templatePlaceholder: 'اختر قالباً لتعبئة العنوان والمحتوى',
  noTemplates: 'لا توجد قوالب لباقتك حالياً، اكتب العنوان والمحتوى بنفسك.',
  subject: 'عنوان الرسالة',
  content: 'محتوى الرسالة',
  contentHint:
    'نص عادي أو HTML. يمكنك استخدام {{company_name}} و{{sector}} و{{location}} وستُستبدل ببيانات كل شركة، و{{applicant_name}} و{{applicant_name_en}} و{{applicant_phone}} وستُستبدل باسمك ورقم جوالك.',
  submit: 'إرسال السيرة الذاتية',
  uploading: 'جارٍ رفع الملف…',
  retrying: (n: number) => `تعذر رفع الملف، جارٍ إعادة المحاولة (${n} من ${UPLOAD_RETRY.attempts})…`,
  scheduling: 'جارٍ جدولة الرسائل…',
  linkFirst: 'اربط بريدك في Gmail أولاً ليتفعّل زر الإرسال.',
  replaceTitle: 'استبدال نص الرسالة؟',
  replaceBody: 'سيحلّ عنوان القالب المختار ومحتواه محل ما كتبته أو عدّلته في الرسالة.',
  replace: 'استبدال',
  keep: 'إبقاء ما كتبته',
};

/**
 * What the user fills in; the template is only where subject and content may come from. The sectors and cities
 * the send is narrowed to (none chosen: every company), and when its messages may leave (working hours only
 * unless the user chooses any time), go with it.
 */
type ComposeFormValues = {
  templateId: string | null;
  subject: string;
  content: string;
  file: File | null;
  targeting: Targeting;
  /** The directory, the user's own companies, or both (ADR 029). */
  source: TargetSource;
  sendWindow: SendWindowMode;
};

/** The message's own fields: a change to one of them takes the form's message away (the send's reach does not). */
const MESSAGE_FIELDS = ['templateId', 'subject', 'content', 'file'] as const;

type Problem = ResumeProblem;

/**
 * The /send-resume form (spec §2, §5, §8): template, subject, HTML content, PDF, submit. The résumé is
 * uploaded when the user submits (retried on network/server failures), then the send is scheduled; what the
 * user typed or chose stays on any error, and an uploaded file is not uploaded twice.
 */
export function SendResumeForm({ linked }: { linked: boolean }) {
  const compose = useCompose();
  useErrorToast(compose, sendingText.loadFailed);
  const schedule = useScheduleSend();
  const navigate = useNavigate();
  const form = useForm<ComposeFormValues>({
    name: 'compose',
    initialValues: {
      templateId: null,
      subject: '',
      content: '',
      file: null,
      targeting: ALL_TARGETS,
      source: 'directory',
      sendWindow: 'working_hours',
    },
    validate: validateWith(composeFormSchema),
    // The empty required fields are marked (the one message is in the alert), until the next change.
    enhanceGetInputProps: markWithoutMessage,
    onValuesChange: (values, previous) => {
      if (MESSAGE_FIELDS.some((field) => values[field] !== previous[field])) edited();
    },
  });
  const [scheduling, setScheduling] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** The text the chosen template put in, to tell the user's own edits from it. */
  const [applied, setApplied] = useState({ subject: '', content: '' });
  const [replacing, setReplacing] = useState<string | null>(null);
  const attachment = useResumeAttachment({
    onAccepted: () => setProblem(null),
    // The user renamed the résumé or kept its name: the message that asked for it goes.
    onNamed: () => setProblem((p) => (p?.kind === 'text' && p.text === sendingText.resumeNameMustDecide ? null : p)),
  });
  const targets = useSendTargets();

  // A message about the form goes once the user changes what it was about.
  function edited() {
    setProblem(null);
    form.clearErrors();
  }

  if (compose.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={i === 2 ? 140 : 48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (compose.isError) {
    return <LoadError title={sendingText.loadFailed} retryLabel={sendingText.retry} query={compose} />;
  }
  const data = compose.data;
  const busy = scheduling || attachment.uploading !== null;
  // Asked once, before anything else: the companies must know who writes (the server refuses a nameless send).
  if (!data.applicant.fullName) return <ApplicantNameForm />;

  const applyTemplate = (id: string) => {
    const template = data.templates.find((t) => t.id === id);
    if (!template) return form.setFieldValue('templateId', id);
    // Simple HTML becomes lines to edit: a job seeker should not have to read around tags (editableText).
    const content = editableText(template.content);
    form.setValues({ templateId: id, subject: template.subject, content });
    setApplied({ subject: template.subject, content });
  };
  // Another template would replace what the user wrote or changed: asked first.
  const chooseTemplate = (id: string | null) => {
    if (!id) return;
    if (replacesOwnText(form.values, applied)) setReplacing(id);
    else applyTemplate(id);
  };

  const fail = (next: Problem) => {
    setProblem(next);
    notify.error(next.kind === 'no-balance' ? sendingText.noBalance : next.text, next.kind === 'text' ? next.autoClose : undefined);
  };

  const submit = async ({ subject, content, file, targeting, source, sendWindow }: ComposeFormValues) => {
    setProblem(null);
    if (data.balance <= 0) return fail({ kind: 'no-balance' });
    if (!linked) return fail({ kind: 'text', text: sendingText.mailboxNotLinked });
    if (!file) return; // required by the form's schema: never missing here
    const readiness = await attachment.ready(file);
    if ('problem' in readiness) return fail(readiness.problem);
    setScheduling(true);
    // Sectors and cities narrow the directory only: a send to the user's own list alone goes without them.
    const narrowed = source !== 'own_list' && !targetsAll(targeting);
    try {
      const result = await schedule.mutateAsync({
        resumeId: readiness.resume.id,
        subject,
        content,
        sendWindow,
        source,
        ...(narrowed ? { targeting: { sectors: [...targeting.sectors], cities: [...targeting.cities] } } : {}),
      });
      notify.success(sendingText.scheduled(result.scheduled));
      void navigate(paths.dashboard);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'RESUME_NOT_FOUND') attachment.forget();
      if (code === 'NO_BALANCE') fail({ kind: 'no-balance' });
      else fail({ kind: 'text', text: sendingMessage(code) ?? validationText(error) ?? sendingText.scheduleFailed });
    } finally {
      setScheduling(false);
    }
  };

  const busyLabel =
    attachment.uploading !== null
      ? attachment.uploading > 0
        ? texts.retrying(attachment.uploading)
        : texts.uploading
      : scheduling
        ? texts.scheduling
        : null;
  const { targeting, sendWindow } = form.values;
  const choosesSource = offersSourceChoice(data);
  const source: TargetSource = choosesSource ? form.values.source : 'directory';
  /** Sectors and cities narrow the directory only (ADR 029). */
  const narrowsDirectory = source !== 'own_list';
  /**
   * How many this send reaches: the companies it takes from its source, narrowed by sector and city where they
   * apply (rules/targeting.ts); undefined for every company of the directory, which compose already counted.
   */
  const sendable =
    !targets.data || (source === 'directory' && targetsAll(targeting))
      ? undefined
      : sourceReceivingCount(source, targets.data, narrowsDirectory ? targeting : ALL_TARGETS, data.balance);
  const remaining = remainingFromSource(source, data, targets.data);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="compose-heading">
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => submit(values),
          (errors) => {
            // The fields at fault are marked (empty ones, while the message stands), and the first one is focused.
            focusFirstFault(form, errors);
            fail({ kind: 'text', text: formMessage(errors) });
          },
        )}
      >
        <Stack gap="md">
          <Title order={2} fz="xl" id="compose-heading">
            {texts.heading}
          </Title>
          {choosesSource && data.balance > 0 ? (
            <TargetSourceChoice compose={data} value={source} onChange={(next) => form.setFieldValue('source', next)} disabled={busy} />
          ) : null}
          <SendableSummary compose={data} sendable={sendable} source={source} remaining={remaining} />
          {data.balance > 0 && data.companiesRemaining > 0 && narrowsDirectory ? (
            <TargetFilter
              balance={data.balance}
              value={targeting}
              onChange={(next) => form.setFieldValue('targeting', next)}
              disabled={busy}
              source={source}
            />
          ) : null}
          {(sendable ?? data.sendableNow) > 0 ? (
            <SendPlan
              value={sendWindow}
              onChange={(mode) => form.setFieldValue('sendWindow', mode)}
              disabled={busy}
              count={sendable}
              source={source}
            />
          ) : null}
          <Text size="sm" c="gray.8" data-testid="applicant-from">
            {sendingText.applicantFrom(data.applicant.fullName)}
          </Text>
          <Select
            label={texts.template}
            placeholder={texts.templatePlaceholder}
            data={data.templates.map((t) => ({ value: t.id, label: t.name }))}
            value={form.values.templateId}
            onChange={chooseTemplate}
            disabled={busy}
            description={data.templates.length === 0 ? texts.noTemplates : undefined}
            allowDeselect={false}
          />
          <TextInput label={texts.subject} {...form.getInputProps('subject')} disabled={busy} maxLength={SUBJECT_MAX_LENGTH} withAsterisk />
          <Textarea
            label={texts.content}
            description={withLtrRuns(texts.contentHint)}
            {...form.getInputProps('content')}
            disabled={busy}
            autosize
            minRows={6}
            maxRows={18}
            maxLength={CONTENT_MAX_LENGTH}
            withAsterisk
            styles={{ input: { fontFamily: 'inherit' } }}
          />
          <MessagePreview subject={form.values.subject} content={form.values.content} applicant={data.applicant} />
          <ResumeAttachment
            attachment={attachment}
            value={form.values.file}
            onChange={(file) => form.setFieldValue('file', file)}
            onPick={edited}
            disabled={busy}
          />
          {/* With no balance on load the summary above already shows this alert; the toast is the answer to the click. */}
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
          {!linked ? (
            <Text size="sm" c="gray.8">
              {texts.linkFirst}
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

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : undefined);

/** Whether filling in a template would throw away text the user wrote or changed (so it is asked first). */
export function replacesOwnText(current: { subject: string; content: string }, applied: { subject: string; content: string }): boolean {
  const typed = current.subject.trim() !== '' || current.content.trim() !== '';
  return typed && (current.subject !== applied.subject || current.content !== applied.content);
}

/** The server refused a field's shape: name the field rather than suggest trying again. */
function validationText(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.code !== 'VALIDATION') return undefined;
  const paths = (error.issues ?? []).map((issue) => issue.path);
  if (paths.includes('subject')) return sendingText.subjectTooLong;
  if (paths.includes('content')) return sendingText.contentTooLong;
  return undefined;
}
