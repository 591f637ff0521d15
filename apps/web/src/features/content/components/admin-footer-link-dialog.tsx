import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FooterLinkFormValues, footerLinkFormSchema } from '@sira/shared/forms/content';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminFooterSection } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateFooterLink } from '../api/admin-create-footer-link';
import { contentAdminErrorMessage } from '../api/admin-error';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

/** Mantine's dimmed description is below 4.5:1 on white; gray 8 passes WCAG AA. */
const hintStyles = { description: { color: 'var(--mantine-color-gray-8)' } };

/** The add-link modal (spec §2): title, url and section required; icon optional; order 0 by default. */
export function AdminFooterLinkDialog({
  opened,
  onClose,
  sections,
}: {
  opened: boolean;
  onClose: () => void;
  sections: AdminFooterSection[];
}) {
  const form = useForm<FooterLinkFormValues>({
    initialValues: { title: '', url: '', icon: '', sectionId: '', order: 0 },
    validate: validateWith(footerLinkFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFooterLink();

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(
    ({ order, ...link }) => {
      setError(null);
      create.mutate(
        { ...link, order: orderOrZero(order) },
        {
          onSuccess: () => {
            notify.success(t.linkAdded);
            close();
          },
          onError: (e) => notify.error(contentAdminErrorMessage(e, t.linkAddFailed)),
        },
      );
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <Dialog opened={opened} onClose={close} title={t.addLinkTitle} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t.linkTitle} maxLength={200} {...form.getInputProps('title')} required />
          <TextInput
            label={t.url}
            maxLength={2000}
            description={t.urlHint}
            styles={hintStyles}
            dir="ltr"
            {...form.getInputProps('url')}
            required
          />
          <TextInput label={t.icon} maxLength={50} description={t.iconHint} styles={hintStyles} dir="ltr" {...form.getInputProps('icon')} />
          <NativeSelect
            label={t.section}
            {...form.getInputProps('sectionId')}
            data={[{ value: '', label: t.chooseSection }, ...sections.map((s) => ({ value: s.id, label: s.title }))]}
            required
          />
          <AdminOrderInput value={form.values.order} onChange={(order) => form.setFieldValue('order', order)} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
