import { Button, Group, Stack, Text } from '@mantine/core';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import { Dialog } from '~/components/ui/dialog';

/** Asks before a template is deleted (spec §8 confirmations). */
export function ConfirmDeleteDialog({
  opened,
  name,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={t.confirmDeleteTitle} closeLabel={t.close}>
      <Stack>
        <Text>{t.confirmDelete}</Text>
        <Text fw={700}>{name}</Text>
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
