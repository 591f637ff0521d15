import { Alert, Button, Card, Group, PasswordInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, messageForCode, paths } from '@sira/shared';
import {
  type DeletionFormValues,
  deletionFormSchema,
  type EmailChangeFormValues,
  emailChangeFormSchema,
  type PhoneFormValues,
  phoneFormSchema,
} from '@sira/shared/forms/my-data';
import { myDataMessage, myDataText } from '@sira/shared/messages/my-data';
import { EMAIL_INPUT_MAX, PASSWORD_INPUT_MAX, PHONE_INPUT_MAX } from '@sira/shared/rules/my-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { LoadError } from '~/components/ui/load-error';
import { ApiRequestError } from '~/lib/api-client';
import { validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { sessionQueryOptions } from '~/lib/session';
import { profileQueryOptions } from './api/get-profile';
import { deleteAccount, exportFileUrl, latestExportQueryOptions, requestEmailChange, requestExport, savePhone } from './api/my-data';

const t = myDataText;
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? (myDataMessage(error.code) ?? messageForCode(error.code)) : messageForCode('INTERNAL');
const when = (iso: string) =>
  new Date(iso).toLocaleString(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** /my-data: a copy of everything held, the phone and e-mail corrected, the account deleted (ADR 015). */
export function MyDataPage() {
  const [search] = useSearchParams();
  useEffect(() => {
    // The new address's link lands here: done, or refused (used, expired, or asked for before an undo).
    if (search.get('error')) notify.error(t.contact.emailLinkInvalid);
    else if (search.get('emailChanged')) notify.success(t.contact.emailChanged);
  }, [search]);
  return (
    <Stack gap="lg">
      <Title order={1}>{t.title}</Title>
      <Text>{t.intro}</Text>
      <ExportCard />
      <ContactCard />
      <DeletionCard />
    </Stack>
  );
}

function ExportCard() {
  const queryClient = useQueryClient();
  const latest = useQuery(latestExportQueryOptions());
  const ask = useMutation({
    mutationFn: requestExport,
    onSuccess: (created) => queryClient.setQueryData(latestExportQueryOptions().queryKey, { export: created }),
    onError: (error) => notify.error(errorText(error)),
  });
  const current = latest.data?.export ?? null;
  const inFlight = current?.status === 'pending' || current?.status === 'running';
  const percent = current && current.total > 0 ? Math.round((current.done / current.total) * 100) : 0;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-export">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-data-export">
          {t.export.title}
        </Title>
        <Text>{t.export.description}</Text>
        {latest.isError ? <LoadError title={errorText(latest.error)} query={latest} /> : null}
        {current ? (
          <Stack gap="xs" aria-live="polite">
            <Text fw={600}>{t.export.status[current.status]}</Text>
            {inFlight ? <Progress value={percent} aria-label={t.export.progressLabel} size="lg" /> : null}
            {current.status === 'ready' ? (
              <Group>
                <Button component="a" href={exportFileUrl(current.id)} download>
                  {t.export.download}
                </Button>
                {current.expiresAt ? <Text size="sm">{t.export.expires(when(current.expiresAt))}</Text> : null}
              </Group>
            ) : null}
          </Stack>
        ) : null}
        {inFlight ? null : (
          <Group>
            <Button variant={current ? 'light' : 'filled'} onClick={() => ask.mutate()} loading={ask.isPending}>
              {current ? t.export.again : t.export.start}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ContactCard() {
  const profile = useQuery(profileQueryOptions());
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-contact">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-data-contact">
          {t.contact.title}
        </Title>
        {profile.isError ? <LoadError title={errorText(profile.error)} query={profile} /> : null}
        {profile.data ? (
          <>
            <PhoneForm phone={profile.data.phone ?? ''} />
            <EmailChangeForm currentEmail={profile.data.email} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The phone, corrected at once (the rule the server enforces: rules/my-data.ts). */
function PhoneForm({ phone }: { phone: string }) {
  const queryClient = useQueryClient();
  const form = useForm<PhoneFormValues>({ initialValues: { phone }, validate: validateWith(phoneFormSchema) });
  const save = useMutation({
    mutationFn: savePhone,
    onSuccess: async () => {
      notify.success(t.contact.phoneSaved);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
    onError: (error) => form.setFieldError('phone', errorText(error)),
  });
  return (
    <form onSubmit={form.onSubmit(({ phone: typed }) => save.mutate(typed))} noValidate>
      <Stack gap="xs" align="flex-start">
        <TextInput
          label={t.contact.phoneLabel}
          w="100%"
          maw={360}
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_INPUT_MAX}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" loading={save.isPending}>
          {t.contact.phoneSave}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * A new address, confirmed by the current password (ADR 012): a link goes to it, and the address changes only
 * when the link is opened there.
 */
function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const schema = useMemo(() => emailChangeFormSchema(currentEmail), [currentEmail]);
  const form = useForm<EmailChangeFormValues>({ initialValues: { email: '', password: '' }, validate: validateWith(schema) });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (answer) => {
      setSentTo(answer.sentTo);
      form.setFieldValue('password', '');
    },
    // A wrong password is the password's fault; everything else the address's.
    onError: (error) =>
      form.setFieldError(error instanceof ApiRequestError && error.code === 'WRONG_PASSWORD' ? 'password' : 'email', errorText(error)),
  });
  const submit = form.onSubmit((values) => {
    setSentTo(null);
    save.mutate(values);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm">{t.contact.emailCurrent(currentEmail)}</Text>
        <Stack gap="xs" align="flex-start">
          <TextInput
            label={t.contact.emailLabel}
            w="100%"
            maw={360}
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={EMAIL_INPUT_MAX}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            id="my-data-email-password"
            label={t.contact.emailPasswordLabel}
            w="100%"
            maw={360}
            autoComplete="current-password"
            maxLength={PASSWORD_INPUT_MAX}
            {...form.getInputProps('password')}
            // Mantine's PasswordInput leaves its inner input without these: the error is read with the field.
            aria-invalid={form.errors.password ? true : undefined}
            aria-describedby={form.errors.password ? 'my-data-email-password-error' : undefined}
          />
          <Button type="submit" loading={save.isPending}>
            {t.contact.emailSave}
          </Button>
        </Stack>
        {sentTo ? (
          <Alert color="teal" role="status">
            {t.contact.emailSent(sentTo)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

function DeletionCard() {
  const form = useForm<DeletionFormValues>({ initialValues: { password: '' }, validate: validateWith(deletionFormSchema) });
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (answer) => {
      setConfirming(false);
      notify.success(t.deletion.done);
      if (answer.mailboxRevoked === 'failed') notify.warning(t.deletion.revokeFailed, false);
      // Home first, as signing out does: a query this page refetched once the account is gone (a live update)
      // would meet a 401, and the signed-in area's guard would read it as an expired session.
      await navigate(paths.home, { replace: true });
      queryClient.setQueryData(sessionQueryOptions().queryKey, { user: null });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'content' && q.queryKey[0] !== 'auth' });
    },
    onError: (failure) => {
      setConfirming(false);
      form.setFieldError('password', errorText(failure));
    },
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-deletion">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-data-deletion">
          {t.deletion.title}
        </Title>
        <Text>{t.deletion.description}</Text>
        <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
          <Stack gap="xs" align="flex-start">
            <PasswordInput
              id="my-data-deletion-password"
              label={t.deletion.passwordLabel}
              w="100%"
              maw={360}
              autoComplete="current-password"
              maxLength={PASSWORD_INPUT_MAX}
              {...form.getInputProps('password')}
              // As on the e-mail form: the error is read with the field.
              aria-invalid={form.errors.password ? true : undefined}
              aria-describedby={form.errors.password ? 'my-data-deletion-password-error' : undefined}
            />
            <Button type="submit" color="red.9">
              {t.deletion.start}
            </Button>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.deletion.confirmTitle}
        closeLabel={t.deletion.cancel}
        cancelLabel={t.deletion.cancel}
        confirmLabel={t.deletion.confirm}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(form.getValues().password)}
      >
        <Text>{t.deletion.confirmText}</Text>
      </ConfirmDialog>
    </Card>
  );
}
