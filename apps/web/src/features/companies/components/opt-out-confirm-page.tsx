import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { optOutConfirmText as c, optOutMessage, optOutPageText as t } from '@sira/shared/messages/opt-out';
import type { OptOutConfirmationView } from '@sira/shared/schemas/opt-out';
import { Link } from 'react-router';
import { ApiRequestError } from '~/lib/api-client';
import { useConfirmOptOut, useOptOutConfirmation } from '../api/opt-out';
import { FilledText } from './filled-text';

const fill = (template: string, view: OptOutConfirmationView) => (
  <FilledText template={template} values={{ email: view.email, redirect: view.redirectEmail ?? '' }} />
);

function stateText(view: OptOutConfirmationView): React.ReactNode {
  if (view.status === 'unconfirmed') return null;
  if (view.status === 'confirmed') return fill(view.kind === 'redirect' ? c.redirectConfirmed : c.stopConfirmed, view);
  if (view.status === 'approved') return c.approved;
  return c.closed;
}

/**
 * The page of the confirmation mailed to a company's address (ADR 018). Opening it changes nothing — mail
 * scanners open links — the button does.
 */
export function OptOutConfirmPage({ token }: { token: string }) {
  const view = useOptOutConfirmation(token);
  const confirm = useConfirmOptOut(token);

  let body: React.ReactNode;
  if (view.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label={c.title} />
      </Group>
    );
  } else if (view.isError) {
    const code = view.error instanceof ApiRequestError ? view.error.code : undefined;
    const known = optOutMessage(code);
    body = (
      <Alert color="red" role="alert" title={known ? undefined : t.loadFailed}>
        {known ?? <Button onClick={() => void view.refetch()}>{t.retry}</Button>}
      </Alert>
    );
  } else {
    const data = view.data;
    const state = stateText(data);
    body = (
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Text>{fill(data.kind === 'redirect' ? c.redirectAsk : c.stopAsk, data)}</Text>
        </Card>
        {state ? (
          <Alert color="teal" role="status">
            {state}
          </Alert>
        ) : null}
        {confirm.isError ? (
          <Alert color="red" role="alert">
            {confirm.error instanceof ApiRequestError ? (optOutMessage(confirm.error.code) ?? confirm.error.message) : t.loadFailed}
          </Alert>
        ) : null}
        {data.status === 'unconfirmed' ? (
          <Stack gap="xs">
            <Button fullWidth color="red.9" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {c.confirmButton}
            </Button>
            <Text size="sm" c="gray.8">
              {c.ignore}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container size={560} py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {c.title}
        </Title>
        {body}
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t.privacy}
        </Anchor>
      </Stack>
    </Container>
  );
}
