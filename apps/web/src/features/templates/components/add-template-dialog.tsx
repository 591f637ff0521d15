import { Stack, TextInput } from '@mantine/core';
import { htmlRemovedMessage } from '@sira/shared/messages/rich-html';
import { checkTemplateInput, templatesAdminText as t, templatesAdminMessage } from '@sira/shared/messages/templates-admin';
import type { TemplatePackageOption } from '@sira/shared/schemas/templates-admin';
import { type FormEvent, useState } from 'react';
import { LazyRichTextField } from '~/components/rich-text/lazy-rich-text-field';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { MessagePreview } from '~/components/ui/message-preview';
import { notify } from '~/lib/notify';
import { useCreateTemplate } from '../api/create-template';
import { templateErrorMessage } from '../utils/error-message';
import { TemplatePackagesField } from './template-packages-field';

const empty = { name: '', subject: '', content: '', packageIds: [] as string[] };

/** The add-template modal (spec §2): name, subject, content and package checkboxes. */
export function AddTemplateDialog({
  opened,
  onClose,
  packages,
}: {
  opened: boolean;
  onClose: () => void;
  packages: TemplatePackageOption[];
}) {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTemplate();

  const close = () => {
    setForm(empty);
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkTemplateInput(form);
    if (rule) return setError(templatesAdminMessage(rule) ?? null);
    setError(null);
    create.mutate(form, {
      onSuccess: (saved) => {
        notify.success(t.added);
        const removed = htmlRemovedMessage(saved.removed);
        if (removed) notify.warning(removed, false);
        close();
      },
      onError: (e) => notify.error(templateErrorMessage(e, t.addFailed)),
    });
  };

  return (
    <Dialog opened={opened} onClose={close} title={t.addTitle} closeLabel={t.close} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t.name}
            maxLength={200}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            required
          />
          <TextInput
            label={t.subject}
            maxLength={300}
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })}
          />
          {/* Keyed by opening, so each new template starts from an empty editor. */}
          {opened ? (
            <LazyRichTextField
              label={t.content}
              description={t.contentHint}
              initialValue=""
              onChange={(content) => setForm((f) => ({ ...f, content }))}
              withPlaceholders
              minHeight={200}
            />
          ) : null}
          <MessagePreview subject={form.subject} content={form.content} defaultOpen />
          <TemplatePackagesField options={packages} value={form.packageIds} onChange={(packageIds) => setForm({ ...form, packageIds })} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
