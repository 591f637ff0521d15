import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FooterSectionFormValues, footerSectionFormSchema } from '@sira/shared/forms/content';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import { useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateFooterSection } from '../api/admin-create-footer-section';
import { contentAdminErrorMessage } from '../api/admin-error';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

/** The add-section modal (spec §2): a title and an order (0 when left empty). */
export function AdminFooterSectionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useForm<FooterSectionFormValues>({
    initialValues: { title: '', order: 0 },
    validate: validateWith(footerSectionFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFooterSection();

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(
    ({ title, order }) => {
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
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <Dialog opened={opened} onClose={close} title={t.addSectionTitle} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t.sectionTitle} maxLength={200} {...form.getInputProps('title')} required />
          <AdminOrderInput value={form.values.order} onChange={(order) => form.setFieldValue('order', order)} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
