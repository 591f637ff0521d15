import { Stack, TextInput } from '@mantine/core';
import { checkFooterSectionInput, contentAdminMessage, footerAdminText as t } from '@sira/shared/messages/content-admin';
import { type FormEvent, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { notify } from '~/lib/notify';
import { useCreateFooterSection } from '../api/admin-create-footer-section';
import { contentAdminErrorMessage } from '../api/admin-error';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

/** The add-section modal (spec §2): a title and an order (0 when left empty). */
export function AdminFooterSectionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [order, setOrder] = useState<number | ''>(0);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFooterSection();

  const close = () => {
    setTitle('');
    setOrder(0);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkFooterSectionInput({ title });
    if (rule) return setError(contentAdminMessage(rule) ?? null);
    setError(null);
    create.mutate(
      { title, order: orderOrZero(order) },
      {
        onSuccess: () => {
          notify.success(t.sectionAdded);
          close();
        },
        onError: (e) => notify.error(contentAdminErrorMessage(e, t.sectionAddFailed)),
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={close} title={t.addSectionTitle} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t.sectionTitle} maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
          <AdminOrderInput value={order} onChange={setOrder} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
