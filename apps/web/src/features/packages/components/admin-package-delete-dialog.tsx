import { Button, Group, Stack, Text } from '@mantine/core';
import { packagesAdminMessageForCode, packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { Dialog } from '~/components/ui/dialog';
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
    <Dialog opened={pkg !== null} onClose={onClose} title={t.deleteTitle} closeLabel={t.cancel}>
      {pkg ? (
        <Stack>
          <Text>{t.confirmDelete}</Text>
          <Text fw={700}>{pkg.name}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {t.cancel}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t.delete}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
