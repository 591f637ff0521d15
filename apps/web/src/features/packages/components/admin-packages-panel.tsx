import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ar } from '@sira/shared';
import { packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { useState } from 'react';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { errorMessage, useErrorToast } from '~/lib/use-error-toast';
import { useAdminPackages } from '../api/admin-get-packages';
import { AdminPackageDeleteDialog } from './admin-package-delete-dialog';
import { AdminPackageFormDialog, type PackageDialogState } from './admin-package-form-dialog';
import { AdminPackagesTable } from './admin-packages-table';

/** The admin packages tab (spec §2): the table, the add/edit dialog and the delete confirmation. */
export function AdminPackagesPanel() {
  const packages = useAdminPackages();
  useErrorToast(packages, () => ar.errors.dataFetchFailed(errorMessage(packages.error)));
  const [dialog, setDialog] = useState<PackageDialogState>(null);
  const [deleting, setDeleting] = useState<AdminPackage | null>(null);

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-packages-title">
      <Group justify="space-between" align="center">
        <Title order={2} fz="xl" id="admin-packages-title">
          {t.title}
        </Title>
        <Button onClick={() => setDialog({ mode: 'add' })}>{t.add}</Button>
      </Group>
      <Text size="sm" c="gray.8">
        {t.legend}
      </Text>

      {packages.isPending ? (
        <LoadingRows count={5} />
      ) : packages.isError ? (
        <LoadError title={ar.errors.dataFetchFailed(packages.error.message)} query={packages} />
      ) : packages.data.length === 0 ? (
        <Text c="gray.8" role="status" py="lg" ta="center">
          {t.empty}
        </Text>
      ) : (
        <AdminPackagesTable packages={packages.data} onEdit={(pkg) => setDialog({ mode: 'edit', pkg })} onDelete={setDeleting} />
      )}

      <AdminPackageFormDialog state={dialog} onClose={() => setDialog(null)} />
      <AdminPackageDeleteDialog pkg={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
