import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { optOutMessage, optOutPageText as t } from '@sira/shared/messages/opt-out';
import type { OptOutChoice, OptOutView } from '@sira/shared/schemas/opt-out';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '~/lib/api-client';
import { useOptOut, useOptOutChoice } from '../api/opt-out';
import { FilledText } from './filled-text';

/** The message of a refusal: the opt-out's own codes first, then the app-wide text. */
const refusalText = (error: unknown) => (error instanceof ApiRequestError ? (optOutMessage(error.code) ?? error.message) : t.loadFailed);

/** Where things stand for this address and link, one sentence each. */
function outcomeTexts(view: OptOutView): Array<{ key: string; text: React.ReactNode }> {
  const texts: Array<{ key: string; text: React.ReactNode }> = [];
  if (view.optedOut) texts.push({ key: 'all', text: t.optedOut });
  else if (view.stoppedForSender) texts.push({ key: 'sender', text: t.stoppedForSender });
  const request = view.request;
  if (request) {
    const fill = (template: string) => (
      <FilledText template={template} values={{ email: view.email, redirect: request.redirectEmail ?? '' }} />
    );
    const text =
      request.status === 'unconfirmed'
        ? fill(t.confirmationSent)
        : request.status === 'rejected'
          ? t.requestRejected
          : request.status === 'undone'
            ? t.requestUndone
            : request.kind === 'redirect'
              ? fill(request.status === 'approved' ? t.redirectApproved : t.redirectConfirmed)
              : null;
    if (text) texts.push({ key: 'request', text });
  }
  return texts;
}

/**
 * The page a receiving company opens from the link at the foot of an application e-mail (ADR 013, ADR 018): no
 * account, the token in the address is the only credential. The sender of the mail holds the link too, so the
 * first choice stops only that sender's mail, at once; stopping every user, or another address instead, asks the
 * company's own address to confirm by mail. Built for a phone first: one column, full-width buttons.
 */
export function OptOutPage({ token }: { token: string }) {
  const view = useOptOut(token);
  const choose = useOptOutChoice(token);
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const pick = (choice: OptOutChoice) => {
    setFieldError(null);
    choose.mutate(choice, choice.choice === 'redirect' ? { onError: (error) => setFieldError(refusalText(error)) } : undefined);
  };
  const redirect = (event: FormEvent) => {
    event.preventDefault();
    pick({ choice: 'redirect', newEmail });
  };
  const busy = (choice: OptOutChoice['choice']) => choose.isPending && choose.variables?.choice === choice;

  let body: React.ReactNode;
  if (view.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label={t.title} />
      </Group>
    );
  } else if (view.isError) {
    const invalid = view.error instanceof ApiRequestError && view.error.code === 'OPT_OUT_LINK_INVALID';
    body = (
      <Alert color="red" role="alert" title={invalid ? undefined : t.loadFailed}>
        {invalid ? t.invalidLink : <Button onClick={() => void view.refetch()}>{t.retry}</Button>}
      </Alert>
    );
  } else {
    const data = view.data;
    const outcomes = outcomeTexts(data);
    // A link files one request; the sender's own network and session may not file any.
    const mayRequest = !data.fromSender && !data.request;
    body = (
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap={4}>
            {data.companyName ? (
              <Text>
                <Text span fw={700}>
                  {t.companyLabel}:
                </Text>{' '}
                {data.companyName}
              </Text>
            ) : null}
            <Text>
              <Text span fw={700}>
                {t.addressLabel}:
              </Text>{' '}
              {/* Its own left-to-right box: a long address that wraps keeps its hyphen at the end of the first line. */}
              <bdi dir="ltr" style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}>
                {data.email}
              </bdi>
            </Text>
          </Stack>
        </Card>
        {outcomes.length > 0 ? (
          <Alert color="teal" role="status">
            <Stack gap={4}>
              {outcomes.map(({ key, text }) => (
                <Text key={key} size="sm">
                  {text}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {data.fromSender ? (
          <Alert color="blue" role="note">
            {t.fromSender}
          </Alert>
        ) : null}
        {choose.isError && !fieldError ? (
          <Alert color="red" role="alert">
            {refusalText(choose.error)}
          </Alert>
        ) : null}
        {data.stoppedForSender ? null : (
          <Stack gap="xs" component="section" aria-labelledby="opt-out-stop">
            <Title order={2} fz="lg" id="opt-out-stop">
              {t.stopTitle}
            </Title>
            <Text size="sm" c="gray.8">
              {t.stopHint}
            </Text>
            <Button color="red.9" fullWidth loading={busy('stop')} onClick={() => pick({ choice: 'stop' })}>
              {t.stopButton}
            </Button>
          </Stack>
        )}
        {mayRequest && !data.optedOut ? (
          <Stack gap="xs" component="section" aria-labelledby="opt-out-stop-all">
            <Title order={2} fz="lg" id="opt-out-stop-all">
              {t.stopAllTitle}
            </Title>
            <Text size="sm" c="gray.8">
              {t.stopAllHint}
            </Text>
            <Button color="red.9" variant="outline" fullWidth loading={busy('stop_all')} onClick={() => pick({ choice: 'stop_all' })}>
              {t.stopAllButton}
            </Button>
          </Stack>
        ) : null}
        {mayRequest ? (
          <form onSubmit={redirect} noValidate aria-labelledby="opt-out-redirect">
            <Stack gap="xs">
              <Title order={2} fz="lg" id="opt-out-redirect">
                {t.redirectTitle}
              </Title>
              <Text size="sm" c="gray.8">
                {t.redirectHint}
              </Text>
              <TextInput
                label={t.newEmailLabel}
                type="email"
                dir="ltr"
                autoComplete="email"
                maxLength={320}
                required
                value={newEmail}
                onChange={(event) => setNewEmail(event.currentTarget.value)}
                error={fieldError}
              />
              <Button type="submit" fullWidth variant="light" loading={busy('redirect')}>
                {t.redirectButton}
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size={560} py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text>{t.intro}</Text>
        {body}
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t.privacy}
        </Anchor>
      </Stack>
    </Container>
  );
}
