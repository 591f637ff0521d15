import { Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { accountSecurityText } from '@sira/shared/messages/account-security';
import type { SignInEntry } from '@sira/shared/schemas/account-security';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { LoadError } from '~/components/ui/load-error';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useSignIns, useSignOutOthers } from '../api/account-security';

const t = accountSecurityText.signIns;
const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/**
 * The dashboard's recent sign-ins and failed attempts (time, device, part of the address) and "sign out
 * everywhere else".
 */
export function SignInsCard() {
  const signIns = useSignIns();
  useErrorToast(signIns, t.loadFailed);
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOthers();

  const confirm = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        notify.success(ended === 0 ? t.doneNone : t.done(ended));
      },
      onError: (error) => notify.error(`${t.failed}: ${error.message}`),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sign-ins-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="sign-ins-heading">
          {t.heading}
        </Title>
        <Text size="sm" c="gray.8">
          {t.intro}
        </Text>
        {signIns.isPending ? (
          <Skeleton height={120} radius="sm" aria-busy="true" />
        ) : signIns.isError && !signIns.data ? (
          <LoadError title={t.loadFailed} query={signIns} />
        ) : signIns.data.signIns.length === 0 ? (
          <Text size="sm">{t.empty}</Text>
        ) : (
          <List listStyleType="none" spacing="xs" aria-label={t.heading} data-testid="sign-ins">
            {signIns.data.signIns.map((entry) => (
              <SignInRow key={entry.id} entry={entry} />
            ))}
          </List>
        )}
        {signIns.data?.signIns.some((entry) => entry.outcome === 'failed') ? (
          <Text size="sm" c="gray.8">
            {t.failedNote}
          </Text>
        ) : null}
        <Text size="xs" c="gray.8">
          {t.addressNote}
        </Text>
        <Group>
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            {t.signOutOthers}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.confirmTitle}
        closeLabel={t.close}
        cancelLabel={t.cancel}
        confirmLabel={t.confirm}
        pending={signOutOthers.isPending}
        onConfirm={confirm}
      >
        <Text>{t.confirmBody}</Text>
      </ConfirmDialog>
    </Card>
  );
}

function SignInRow({ entry }: { entry: SignInEntry }) {
  return (
    <List.Item data-testid="sign-in">
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="sm">
          {entry.device}
        </Text>
        <Text size="sm" c="gray.8">
          {dateTime.format(new Date(entry.at))}
        </Text>
        <Text size="sm" c="gray.8" dir="ltr">
          {entry.address ?? t.addressUnknown}
        </Text>
        {entry.outcome === 'failed' ? (
          <Badge color="red.9" variant="filled">
            {t.failedAttempt}
          </Badge>
        ) : entry.current ? (
          <Badge color="teal.9" variant="filled">
            {t.thisDevice}
          </Badge>
        ) : entry.active ? (
          <Badge color="blue.9" variant="filled">
            {t.stillSignedIn}
          </Badge>
        ) : (
          <Badge color="gray.7" variant="filled">
            {t.signedOut}
          </Badge>
        )}
      </Group>
    </List.Item>
  );
}
