import { Alert, Anchor, Button, Card, Group, Modal, PasswordInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { DISPLAY_LOCALE, messageForCode, paths } from '@sira/shared';
import { myDataMessage, myDataText } from '@sira/shared/messages/my-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { profileQueryOptions } from './api/get-profile';
import { deleteAccount, exportFileUrl, latestExportQueryOptions, requestEmailChange, requestExport, savePhone } from './api/my-data';

const t = myDataText;
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? (myDataMessage(error.code) ?? messageForCode(error.code)) : messageForCode('INTERNAL');
const when = (iso: string) => new Date(iso).toLocaleString(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** /my-data: a copy of everything held, the phone and e-mail corrected, the account deleted (ADR 012). */
export function MyDataPage() {
  const [search] = useSearchParams();
  useEffect(() => {
    if (search.get('emailChanged')) notify.success(t.contact.emailChanged);
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
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneSave = useMutation({
    mutationFn: savePhone,
    onSuccess: async () => {
      setPhoneError(null);
      notify.success(t.contact.phoneSaved);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
    onError: (error) => setPhoneError(errorText(error)),
  });
  const emailSave = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (answer) => {
      setEmailError(null);
      setSentTo(answer.sentTo);
    },
    onError: (error) => setEmailError(errorText(error)),
  });
  const onPhone = (event: FormEvent) => {
    event.preventDefault();
    phoneSave.mutate(phone ?? profile.data?.phone ?? '');
  };
  const onEmail = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    emailSave.mutate(email);
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-contact">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-data-contact">
          {t.contact.title}
        </Title>
        <form onSubmit={onPhone} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t.contact.phoneLabel}
              dir="ltr"
              inputMode="tel"
              autoComplete="tel"
              value={phone ?? profile.data?.phone ?? ''}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={phoneError}
            />
            <Button type="submit" loading={phoneSave.isPending}>
              {t.contact.phoneSave}
            </Button>
          </Group>
        </form>
        <form onSubmit={onEmail} noValidate>
          <Stack gap="xs">
            {profile.data ? <Text size="sm">{t.contact.emailCurrent(profile.data.email)}</Text> : null}
            <Group align="flex-end">
              <TextInput
                label={t.contact.emailLabel}
                type="email"
                dir="ltr"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={emailError}
              />
              <Button type="submit" loading={emailSave.isPending}>
                {t.contact.emailSave}
              </Button>
            </Group>
            {sentTo ? (
              <Alert color="teal" role="status">
                {t.contact.emailSent(sentTo)}
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function DeletionCard() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async (answer) => {
      setConfirming(false);
      notify.success(t.deletion.done);
      if (answer.mailboxRevoked === 'failed') notify.warning(t.deletion.revokeFailed, false);
      queryClient.clear();
      await navigate(paths.home, { replace: true });
    },
    onError: (failure) => {
      setConfirming(false);
      setError(errorText(failure));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(messageForCode('MISSING_CREDENTIALS'));
      return;
    }
    setError(null);
    setConfirming(true);
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-deletion">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-data-deletion">
          {t.deletion.title}
        </Title>
        <Text>{t.deletion.description}</Text>
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-end">
            <PasswordInput
              label={t.deletion.passwordLabel}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" color="red.9">
              {t.deletion.start}
            </Button>
          </Group>
        </form>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.deletion.confirmTitle} centered>
        <Stack>
          <Text>{t.deletion.confirmText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.deletion.cancel}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate(password)}>
              {t.deletion.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The dashboard's way to the page. */
export function MyDataLink() {
  return (
    <Anchor component={Link} to={paths.myData}>
      {t.dashboardLink}
    </Anchor>
  );
}
