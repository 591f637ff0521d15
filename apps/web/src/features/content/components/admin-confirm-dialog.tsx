import { Text } from '@mantine/core';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import { ConfirmDialog, type ConfirmDialogState } from '~/components/ui/confirm-dialog';

/** Asks before something is deleted (spec §8 confirmations). */
export function AdminConfirmDialog({ title, message, ...state }: ConfirmDialogState & { title: string; message: string }) {
  return (
    <ConfirmDialog {...state} title={title} closeLabel={t.close} cancelLabel={t.cancel} confirmLabel={t.delete}>
      <Text>{message}</Text>
    </ConfirmDialog>
  );
}
