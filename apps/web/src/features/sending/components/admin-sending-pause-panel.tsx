import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { sendingPauseText as t } from '@sira/shared/messages/sending-admin';
import type { SendingPause } from '@sira/shared/schemas/sending-admin';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { notify } from '~/lib/notify';
import { useErrorToast } from '~/lib/use-error-toast';
import { useAdminSendingPause, useSetAdminSendingPause } from '../api/admin-sending-pause';
import { formatDateTime } from '../utils/format';

/**
 * The switch that pauses all sending (ADR 019), at the top of the email_settings tab: for an incident, and
 * turned on by itself when the database was restored or copied. It says why sending is paused, what waits,
 * and — when SENDING_PAUSED is set on the server — that the switch cannot resume it.
 */
export function AdminSendingPausePanel() {
  const state = useAdminSendingPause();
  useErrorToast(state, t.loadFailed);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sending-pause-heading" data-testid="sending-pause">
      <Stack gap="md">
        <Title order={2} id="sending-pause-heading" fz="xl">
          {t.heading}
        </Title>
        <Text size="sm" c="gray.8">
          {t.intro}
        </Text>
        {state.isPending ? (
          <LoadingRows count={2} height={40} gap="sm" />
        ) : state.isError ? (
          <LoadError title={t.loadFailed} retryLabel={t.retry} query={state} />
        ) : (
          <PauseSwitch state={state.data} />
        )}
      </Stack>
    </Card>
  );
}

function PauseSwitch({ state }: { state: SendingPause }) {
  const update = useSetAdminSendingPause();
  const [confirming, setConfirming] = useState(false);
  const restored = state.switch.paused && state.switch.reason === 'restored';
  const turn = (paused: boolean) =>
    update.mutate(paused, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(paused ? t.paused : t.resumed);
      },
      onError: () => notify.error(t.saveFailed),
    });
  return (
    <Stack gap="sm">
      <div role="status" data-testid="sending-pause-state">
        {state.switch.paused ? (
          <Alert color={restored ? 'orange' : 'yellow'}>
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {restored
                  ? t.pausedByRestore(formatDateTime(state.switch.at ?? new Date().toISOString()))
                  : withLtrRuns(t.pausedByAdmin(state.switch.by ?? '', formatDateTime(state.switch.at ?? new Date().toISOString())))}
              </Text>
              {restored && state.switch.interrupted > 0 ? <Text size="sm">{t.interrupted(state.switch.interrupted)}</Text> : null}
              {restored ? <Text size="sm">{t.restoreAdvice}</Text> : null}
            </Stack>
          </Alert>
        ) : state.environment ? null : (
          <Text size="sm" fw={700}>
            {t.running}
          </Text>
        )}
        {state.environment ? (
          <Alert color="red" mt={state.switch.paused ? 'sm' : 0} data-testid="sending-pause-environment">
            <Text size="sm" c="red.9" fw={700}>
              {withLtrRuns(t.environment)}
            </Text>
          </Alert>
        ) : null}
      </div>
      <Text size="sm" c="gray.8" data-testid="sending-pause-waiting">
        {t.waiting(state.waiting.messages, state.waiting.users)}
      </Text>
      {state.switch.paused ? (
        <Button color="teal.9" onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
          {t.resume}
        </Button>
      ) : (
        <Button color="red.9" onClick={() => turn(true)} loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t.pause}
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.resumeConfirmTitle}
        closeLabel={t.cancel}
        cancelLabel={t.cancel}
        confirmLabel={t.resumeConfirm}
        pending={update.isPending}
        onConfirm={() => turn(false)}
      >
        <Text>{t.resumeConfirmBody}</Text>
        {restored ? <Text fw={700}>{t.restoreAdvice}</Text> : null}
      </ConfirmDialog>
    </Stack>
  );
}
