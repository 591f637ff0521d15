import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { mailboxText as t } from '@sira/shared/messages/mailbox';
import { Dialog } from '~/components/ui/dialog';

/**
 * Asks before unlinking (spec §8 "Unlink: confirm dialog if pending or processing e-mails exist"). Those
 * messages are not lost: they wait, held, until the user links a mailbox again.
 */
export function UnlinkMailboxDialog({
  opened,
  email,
  activeDeliveries,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  email: string;
  activeDeliveries: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={t.confirmUnlinkTitle} closeLabel={t.cancel}>
      <Stack>
        <Text>{t.confirmUnlink}</Text>
        <Text fw={700} dir="ltr" ta="right">
          {email}
        </Text>
        {activeDeliveries > 0 ? (
          <Alert color="orange" role="alert" data-testid="unlink-active-warning">
            <Text size="sm" c="orange.9">
              {t.confirmUnlinkActive(activeDeliveries)}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t.cancel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            {t.confirmUnlinkButton}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
