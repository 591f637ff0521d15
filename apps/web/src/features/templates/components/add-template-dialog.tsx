import { Stack, Textarea, TextInput } from '@mantine/core';
import { checkTemplateInput, templatesAdminText as t, templatesAdminMessage } from '@sira/shared/messages/templates-admin';
import type { TemplatePackageOption } from '@sira/shared/schemas/templates-admin';
import { type FormEvent, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
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
      onSuccess: () => {
        notify.success(t.added);
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
          <Textarea
            label={t.content}
            maxLength={100000}
            description={t.contentHint}
            styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
            value={form.content}
            onChange={(e) => setForm({ ...form, content: e.currentTarget.value })}
            autosize
            minRows={6}
            maxRows={14}
            required
          />
          <TemplatePackagesField options={packages} value={form.packageIds} onChange={(packageIds) => setForm({ ...form, packageIds })} />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
