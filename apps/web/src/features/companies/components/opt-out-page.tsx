import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { optOutMessage, optOutPageText as t } from '@sira/shared/messages/opt-out';
import type { OptOutView } from '@sira/shared/schemas/opt-out';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '~/lib/api-client';
import { useOptOut, useOptOutChoice } from '../api/opt-out';

/** The message of a refusal: the opt-out's own codes first, then the app-wide text. */
const refusalText = (error: unknown) => (error instanceof ApiRequestError ? (optOutMessage(error.code) ?? error.message) : t.loadFailed);

/** Where the address stands, said in one sentence (null: nothing asked yet). */
function outcomeText(view: OptOutView): string | null {
  const redirect = view.redirect;
  if (redirect) {
    const template =
      redirect.status === 'approved' ? t.redirectApproved : redirect.status === 'rejected' ? t.redirectRejected : t.redirectPending;
    return template.replace('{email}', redirect.email);
  }
  return view.optedOut ? t.stopped : null;
}

/**
 * The page a receiving company opens from the link at the foot of an application e-mail (ADR 013): no account,
 * the token in the address is the only credential. Two choices: stop CVs to this address, or send them to
 * another one (the administrator approves it). Built for a phone first: one column, full-width buttons.
 */
export function OptOutPage({ token }: { token: string }) {
  const view = useOptOut(token);
  const choose = useOptOutChoice(token);
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const redirect = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    choose.mutate({ choice: 'redirect', newEmail }, { onError: (error) => setFieldError(refusalText(error)) });
  };

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
    const outcome = outcomeText(view.data);
    body = (
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap={4}>
            {view.data.companyName ? (
              <Text>
                <Text span fw={700}>
                  {t.companyLabel}:
                </Text>{' '}
                {view.data.companyName}
              </Text>
            ) : null}
            <Text>
              <Text span fw={700}>
                {t.addressLabel}:
              </Text>{' '}
              <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {view.data.email}
              </bdi>
            </Text>
          </Stack>
        </Card>
        {outcome ? (
          <Alert color="teal" role="status">
            {outcome}
          </Alert>
        ) : null}
        {choose.isError && !fieldError ? (
          <Alert color="red" role="alert">
            {refusalText(choose.error)}
          </Alert>
        ) : null}
        {view.data.optedOut ? null : (
          <Stack gap="xs" component="section" aria-labelledby="opt-out-stop">
            <Title order={2} fz="lg" id="opt-out-stop">
              {t.stopTitle}
            </Title>
            <Text size="sm" c="gray.8">
              {t.stopHint}
            </Text>
            <Button
              color="red.9"
              fullWidth
              loading={choose.isPending && choose.variables?.choice === 'stop'}
              onClick={() => {
                setFieldError(null);
                choose.mutate({ choice: 'stop' });
              }}
            >
              {t.stopButton}
            </Button>
          </Stack>
        )}
        {view.data.redirect?.status === 'pending' || view.data.redirect?.status === 'approved' ? null : (
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
              <Button type="submit" fullWidth variant="light" loading={choose.isPending && choose.variables?.choice === 'redirect'}>
                {t.redirectButton}
              </Button>
            </Stack>
          </form>
        )}
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
