import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { mailboxCallbackText, mailboxMessage, mailboxText as t } from '@sira/shared/messages/mailbox';
import type { MailboxStatus } from '@sira/shared/schemas/mailbox';
import { useEffect, useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useConnectMailbox } from '../api/connect-mailbox';
import { useMailboxStatus } from '../api/mailbox-queries';
import { useUnlinkMailbox } from '../api/unlink-mailbox';
import { useCallbackResult } from '../hooks/use-callback-result';
import { useMailboxRecheck } from '../hooks/use-mailbox-recheck';
import { UnlinkMailboxDialog } from './unlink-mailbox-dialog';

const dateTime = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/**
 * The user's Gmail link on /send-resume (spec §2, §4 "Mail link"): status with the linked address, connect
 * (to Google's consent page) or unlink (after a confirmation), the reason a link was dropped, the result of
 * a consent just completed, and a re-check every 5 minutes plus live updates.
 */
const INVALID_GRANT_TOLD = 'sira.mailbox.invalidGrantTold';
function sessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function setSessionFlag(key: string, on: boolean) {
  try {
    if (on) sessionStorage.setItem(key, '1');
    else sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: the toast may then show again on a later visit.
  }
}

export function MailboxPanel() {
  const status = useMailboxStatus();
  useErrorToast(status, t.loadFailed);
  const lastChecked = useMailboxRecheck();
  const [result, dismissResult] = useCallbackResult();
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectMailbox();
  const unlink = useUnlinkMailbox();
  // Spec §8's toast when Google ended the link (also when it happens while the page is open) — once per
  // unlinking in this tab, not on every visit; the alert stays until the user links again.
  const unlinkedByGoogle = status.data?.notice === 'invalid_grant';
  useEffect(() => {
    if (unlinkedByGoogle && !sessionFlag(INVALID_GRANT_TOLD)) {
      notify.error(t.invalidGrant, undefined, INVALID_GRANT_TOLD);
      setSessionFlag(INVALID_GRANT_TOLD, true);
    }
    if (status.data?.linked) setSessionFlag(INVALID_GRANT_TOLD, false);
  }, [unlinkedByGoogle, status.data?.linked]);

  const startConnect = () =>
    connect.mutate(undefined, {
      onError: (error) => notify.error((error instanceof ApiRequestError && mailboxMessage(error.code)) || t.connectFailed),
    });
  const openConfirm = () => {
    // The warning counts what is still queued right now, not when the page was loaded.
    void status.refetch();
    setConfirming(true);
  };
  const confirmUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        dismissResult();
        notify.success(t.unlinked);
      },
      onError: (error) => notify.error((error instanceof ApiRequestError && mailboxMessage(error.code)) || t.unlinkFailed),
    });

  const data = status.data;
  // "Linked" is old news once the link is gone again (unlinked elsewhere, or found revoked by a re-check).
  const stale = result === 'linked' && data !== undefined && !data.linked;
  const outcome = result && !stale ? mailboxCallbackText[result] : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mailbox-heading" data-testid="mailbox-panel">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="xl" id="mailbox-heading">
            {t.title}
          </Title>
          {data ? (
            <Badge color={data.linked ? 'teal.9' : 'gray.7'} variant="filled" size="lg" data-testid="mailbox-state">
              {data.linked ? t.linked : t.notLinked}
            </Badge>
          ) : null}
        </Group>

        {outcome ? (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            closeButtonLabel="إغلاق"
            onClose={dismissResult}
            data-testid="mailbox-callback-result"
          >
            <Text size="sm" c={outcome.ok ? 'gray.9' : 'red.9'} fw={outcome.ok ? 700 : undefined}>
              {outcome.message}
            </Text>
          </Alert>
        ) : null}

        {status.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t.loading}>
            <Skeleton height={20} width="70%" />
            <Skeleton height={36} width={160} />
          </Stack>
        ) : status.isError ? (
          <LoadError title={t.loadFailed} retryLabel={t.retry} query={status} />
        ) : data ? (
          <LinkState status={data} connecting={connect.isPending || connect.isSuccess} onConnect={startConnect} onUnlink={openConfirm} />
        ) : null}

        {lastChecked ? (
          <Text size="xs" c="gray.7">
            {t.lastChecked(dateTime.format(lastChecked))}
          </Text>
        ) : null}
      </Stack>
      {data?.linked && data.email ? (
        <UnlinkMailboxDialog
          opened={confirming}
          email={data.email}
          activeDeliveries={data.activeDeliveries}
          pending={unlink.isPending}
          onConfirm={confirmUnlink}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Card>
  );
}

function LinkState({
  status,
  connecting,
  onConnect,
  onUnlink,
}: {
  status: MailboxStatus;
  connecting: boolean;
  onConnect: () => void;
  onUnlink: () => void;
}) {
  if (status.linked && status.email) {
    return (
      <Stack gap="sm">
        <Text data-testid="mailbox-email">
          {t.linkedAs}{' '}
          <Text component="span" fw={700} dir="ltr">
            {status.email}
          </Text>
        </Text>
        {status.pausedUntil ? (
          <Alert color="yellow" role="status">
            <Text size="sm" c="gray.9">
              {t.pausedUntil(dateTime.format(new Date(status.pausedUntil)))}
            </Text>
          </Alert>
        ) : null}
        <Group>
          <Button variant="outline" color="red.9" onClick={onUnlink}>
            {t.unlink}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {status.notice === 'invalid_grant' ? (
        <Alert color="red" role="alert" data-testid="mailbox-notice">
          <Text size="sm" c="red.9" fw={700}>
            {t.invalidGrant}
          </Text>
        </Alert>
      ) : null}
      <Text c="gray.8">{t.intro}</Text>
      <Text>{t.notLinkedHint}</Text>
      {status.activeDeliveries > 0 ? (
        <Alert color="orange" role="status">
          <Text size="sm" c="gray.9">
            {t.heldDeliveries(status.activeDeliveries)}
          </Text>
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onConnect} loading={connecting}>
          {status.notice ? t.relink : t.connect}
        </Button>
      </Group>
    </Stack>
  );
}
