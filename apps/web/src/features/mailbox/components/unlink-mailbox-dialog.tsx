import { Alert, Text } from '@mantine/core';
import { mailboxText as t } from '@sira/shared/messages/mailbox';
import { ConfirmDialog, type ConfirmDialogState } from '~/components/ui/confirm-dialog';

/**
 * Asks before unlinking (spec §8 "Unlink: confirm dialog if pending or processing e-mails exist"). Those
 * messages are not lost: they wait, held, until the user links a mailbox again.
 */
export function UnlinkMailboxDialog({
  email,
  activeDeliveries,
  ...state
}: ConfirmDialogState & { email: string; activeDeliveries: number }) {
  return (
    <ConfirmDialog
      {...state}
      title={t.confirmUnlinkTitle}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.confirmUnlinkButton}
    >
      <Text>{t.confirmUnlink}</Text>
      <Text fw={700} dir="ltr" ta="right">
        {email}
      </Text>
      {activeDeliveries > 0 ? (
        <Alert color="orange" role="alert" data-testid="unlink-active-warning">
          <Text size="sm" c="gray.9">
            {t.confirmUnlinkActive(activeDeliveries)}
          </Text>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
