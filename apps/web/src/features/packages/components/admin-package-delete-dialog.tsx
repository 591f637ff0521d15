import { Text } from '@mantine/core';
import { packagesAdminMessageForCode, packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useDeleteAdminPackage } from '../api/admin-delete-package';

/** The confirmation spec §5 asks for before a package is deleted. */
export function AdminPackageDeleteDialog({ pkg, onClose }: { pkg: AdminPackage | null; onClose: () => void }) {
  const remove = useDeleteAdminPackage();
  const confirm = () => {
    if (!pkg) return;
    remove.mutate(pkg.id, {
      onSuccess: () => {
        notify.success(t.deleted);
        onClose();
      },
      onError: (error) => {
        notify.error(packagesAdminMessageForCode(error instanceof ApiRequestError ? error.code : undefined));
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={pkg !== null}
      onClose={onClose}
      title={t.deleteTitle}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.delete}
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text>{t.confirmDelete}</Text>
      <Text fw={700}>{pkg?.name}</Text>
    </ConfirmDialog>
  );
}
