import { Button, Group, Stack, Text } from '@mantine/core';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import { Dialog } from '~/components/ui/dialog';

/** Asks before something is deleted (spec §8 confirmations). */
export function AdminConfirmDialog({
  opened,
  title,
  message,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} closeLabel={t.close}>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            {t.delete}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
