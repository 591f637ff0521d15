import { Text } from '@mantine/core';
import type { OwnCompany } from '@sira/shared/schemas/own-companies';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { notify } from '~/lib/notify';
import { useDeleteOwnCompany } from '../api/own-companies';
import { ownCompaniesErrorText } from '../utils/own-companies-texts';

const texts = {
  title: 'حذف الشركة من قائمتك',
  confirm: (name: string) => `هل تريد حذف «${name}» من قائمتك؟`,
  sentKept: 'الرسائل التي أرسلتها إليها تبقى في سجلك، ولن تُراسَل مرة أخرى.',
  delete: 'حذف',
  cancel: 'إلغاء',
  deleted: 'تم حذف الشركة من قائمتك',
  failed: (msg: string) => `تعذّر حذف الشركة: ${msg}`,
};

/** The confirmation before a row of the user's list is deleted. */
export function OwnCompanyDeleteDialog({ company, onClose }: { company: OwnCompany | null; onClose: () => void }) {
  const remove = useDeleteOwnCompany();
  const confirm = () => {
    if (!company) return;
    remove.mutate(company.id, {
      onSuccess: () => notify.success(texts.deleted),
      onError: (error) => notify.error(texts.failed(ownCompaniesErrorText(error))),
      onSettled: onClose,
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
      {company?.contacted ? <Text size="sm">{texts.sentKept}</Text> : null}
    </ConfirmDialog>
  );
}
