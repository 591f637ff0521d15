import { Alert, Anchor, Button, Card, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, paths } from '@sira/shared';
import { emailChangeUndoMessage, emailChangeUndoText as t } from '@sira/shared/messages/email-change-undo';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { sessionQueryOptions } from '~/lib/session';
import { useEmailChangeUndo, useUndoEmailChange } from '../api/email-change-undo';

const when = (iso: string) =>
  new Date(iso).toLocaleString(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** The refusal's own text (expired, already undone, altered…), else the app-wide one. */
const refusalText = (error: unknown) =>
  error instanceof ApiRequestError ? (emailChangeUndoMessage(error.code) ?? error.message) : t.loadFailed;

/** A label over its value; an address on a line of its own, left to right, wrapping anywhere on a phone. */
function Field({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div>
      <Text fw={700} size="sm">
        {label}
      </Text>
      {ltr ? (
        <Text dir="ltr" ta="end" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      ) : (
        <Text>{value}</Text>
      )}
    </div>
  );
}

/**
 * The page of the link mailed to the old address after an e-mail change (ADR 012). Opening it changes nothing
 * (mail scanners open links): it says what the undo does, and the button does it. Then the account has no
 * session and no usable password, and the page goes on to the form that sets a new one. Built for a phone
 * first: one column, a full-width button.
 */
export function EmailChangeUndoPage({ token }: { token: string }) {
  const view = useEmailChangeUndo(token);
  const undo = useUndoEmailChange(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = () =>
    undo.mutate(undefined, {
      onSuccess: async (done) => {
        notify.success(t.done);
        // Whatever session this browser had ended with the others.
        queryClient.setQueryData(sessionQueryOptions().queryKey, { user: null });
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'content' && q.queryKey[0] !== 'auth' });
        await navigate(`${paths.resetPassword}?token=${encodeURIComponent(done.resetToken)}`, { replace: true });
      },
    });

  let body: React.ReactNode;
  if (view.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label={t.loading} />
      </Group>
    );
  } else if (view.isError) {
    const refused = view.error instanceof ApiRequestError && emailChangeUndoMessage(view.error.code) !== undefined;
    body = refused ? (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {refusalText(view.error)}
        </Alert>
        <Group>
          <Anchor component={Link} to={paths.login}>
            {t.login}
          </Anchor>
          <Anchor component={Link} to={paths.support}>
            {t.support}
          </Anchor>
        </Group>
      </Stack>
    ) : (
      <Alert color="red" role="alert" title={t.loadFailed}>
        <Button onClick={() => void view.refetch()}>{t.retry}</Button>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Field label={t.oldEmailLabel} value={view.data.oldEmail} ltr />
            <Field label={t.newEmailLabel} value={view.data.newEmail} ltr />
            <Field label={t.changedAtLabel} value={when(view.data.changedAt)} />
            <Field label={t.undoUntilLabel} value={when(view.data.undoUntil)} />
          </Stack>
        </Card>
        <Stack gap="xs">
          <Text fw={700}>{t.whatHappens}</Text>
          <List spacing={4}>
            {t.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        {undo.isError ? (
          <Alert color="red" role="alert">
            {refusalText(undo.error)}
          </Alert>
        ) : null}
        <Button color="red.9" fullWidth size="md" loading={undo.isPending} onClick={confirm}>
          {t.undo}
        </Button>
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
      </Stack>
    </Container>
  );
}
