import { Text } from '@mantine/core';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import { ConfirmDialog, type ConfirmDialogState } from '~/components/ui/confirm-dialog';

/** Asks before a template is deleted (spec §8 confirmations). */
export function ConfirmDeleteDialog({ name, ...state }: ConfirmDialogState & { name: string }) {
  return (
    <ConfirmDialog {...state} title={t.confirmDeleteTitle} closeLabel={t.close} cancelLabel={t.cancel} confirmLabel={t.delete}>
      <Text>{t.confirmDelete}</Text>
      <Text fw={700}>{name}</Text>
    </ConfirmDialog>
  );
}
