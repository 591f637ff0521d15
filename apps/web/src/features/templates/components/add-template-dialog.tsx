import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TemplateFormValues, templateFormSchema } from '@sira/shared/forms/templates';
import { htmlRemovedMessage } from '@sira/shared/messages/rich-html';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import type { TemplatePackageOption } from '@sira/shared/schemas/templates-admin';
import { useState } from 'react';
import { LazyRichTextField } from '~/components/rich-text/lazy-rich-text-field';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { MessagePreview } from '~/components/ui/message-preview';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useCreateTemplate } from '../api/create-template';
import { templateErrorMessage } from '../utils/error-message';
import { TemplatePackagesField } from './template-packages-field';

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
  const form = useForm<TemplateFormValues>({
    initialValues: { name: '', subject: '', content: '', packageIds: [] },
    validate: validateWith(templateFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTemplate();

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      create.mutate(values, {
        onSuccess: (saved) => {
          notify.success(t.added);
          const removed = htmlRemovedMessage(saved.removed);
          if (removed) notify.warning(removed, false);
          close();
        },
        onError: (e) => notify.error(templateErrorMessage(e, t.addFailed)),
      });
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <Dialog opened={opened} onClose={close} title={t.addTitle} closeLabel={t.close} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t.name} maxLength={200} {...form.getInputProps('name')} required />
          <TextInput label={t.subject} maxLength={300} {...form.getInputProps('subject')} />
          {/* Keyed by opening, so each new template starts from an empty editor. */}
          {opened ? (
            <LazyRichTextField
              label={t.content}
              description={t.contentHint}
              initialValue=""
              onChange={(content) => form.setFieldValue('content', content)}
              withPlaceholders
              minHeight={200}
            />
          ) : null}
          <MessagePreview subject={form.values.subject} content={form.values.content} defaultOpen />
          <TemplatePackagesField
            options={packages}
            value={form.values.packageIds}
            onChange={(packageIds) => form.setFieldValue('packageIds', packageIds)}
          />
          <FormActions error={error} onCancel={close} cancelLabel={t.cancel} submitLabel={t.save} saving={create.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}
