import { Text } from '@mantine/core';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { notify } from '~/lib/notify';
import { useDeleteAdminCompany } from '../api/delete-company';
import { companiesErrorText, companiesToasts } from '../utils/companies-feedback';
import { errorCode } from '../utils/error-code';

const texts = {
  title: 'حذف الشركة',
  confirm: (name: string) => `هل أنت متأكد من حذف الشركة "${name}"؟`,
  irreversible: 'لا يمكن التراجع عن هذا الإجراء.',
  delete: 'حذف',
  cancel: 'إلغاء',
};

/** The confirmation before a company is deleted (spec §8: it cannot be undone). */
export function AdminCompanyDeleteDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const remove = useDeleteAdminCompany();
  const confirm = () => {
    if (!company) return;
    remove.mutate(company.id, {
      onSuccess: () => {
        notify.success(companiesToasts.deleted);
        onClose();
      },
      onError: (error) => {
        notify.error(companiesToasts.deleteFailed(companiesErrorText(errorCode(error))));
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={company !== null}
      onClose={onClose}
      title={texts.title}
      closeLabel={texts.cancel}
      cancelLabel={texts.cancel}
      confirmLabel={texts.delete}
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Text>{texts.confirm(company?.name ?? '')}</Text>
      <Text c="red.9" fw={700}>
        {texts.irreversible}
      </Text>
    </ConfirmDialog>
  );
}
