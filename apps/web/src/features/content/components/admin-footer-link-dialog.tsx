import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { checkFooterLinkInput, contentAdminMessage, footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminFooterSection } from '@sira/shared/schemas/content-admin';
import { type FormEvent, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { notify } from '~/lib/notify';
import { useCreateFooterLink } from '../api/admin-create-footer-link';
import { contentAdminErrorMessage } from '../api/admin-error';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

const empty = { title: '', url: '', icon: '', sectionId: '' };
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
  const [form, setForm] = useState(empty);
  const [order, setOrder] = useState<number | ''>(0);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFooterLink();

  const close = () => {
    setForm(empty);
    setOrder(0);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkFooterLinkInput({ ...form, sectionId: form.sectionId || null });
    if (rule) return setError(contentAdminMessage(rule) ?? null);
    setError(null);
    create.mutate(
      { ...form, order: orderOrZero(order) },
      {
        onSuccess: () => {
          notify.success(t.linkAdded);
          close();
        },
        onError: (e) => notify.error(contentAdminErrorMessage(e, t.linkAddFailed)),
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={close} title={t.addLinkTitle} closeLabel={t.close}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t.linkTitle}
            maxLength={200}
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
            required
          />
          <TextInput
            label={t.url}
            maxLength={2000}
            description={t.urlHint}
            styles={hintStyles}
            dir="ltr"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
            required
          />
          <TextInput
            label={t.icon}
            maxLength={50}
            description={t.iconHint}
            styles={hintStyles}
            dir="ltr"
            value={form.icon}
            onChange={(e) => setForm({ ...form, icon: e.currentTarget.value })}
          />
          <NativeSelect
            label={t.section}
            value={form.sectionId}
            onChange={(e) => setForm({ ...form, sectionId: e.currentTarget.value })}
            data={[{ value: '', label: t.chooseSection }, ...sections.map((s) => ({ value: s.id, label: s.title }))]}
            required
          />
          <AdminOrderInput value={order} onChange={setOrder} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
