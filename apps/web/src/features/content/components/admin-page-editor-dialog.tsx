import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PageFormValues, pageFormSchema } from '@sira/shared/forms/content';
import { pagesAdminText as t } from '@sira/shared/messages/content-admin';
import { htmlRemovedMessage } from '@sira/shared/messages/rich-html';
import type { AdminPage } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { LazyRichTextField } from '~/components/rich-text/lazy-rich-text-field';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { formMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdatePage } from '../api/admin-update-page';
import { AdminPagePreview } from './admin-page-preview';

/**
 * The large page editor (spec §2): title and content in a right-to-left rich-text editor beside a live preview
 * as a visitor sees it. The server sanitises what is saved and says what that removed, which is shown.
 */
export function AdminPageEditorDialog({ page, onClose }: { page: AdminPage | null; onClose: () => void }) {
  return (
    <Dialog opened={page !== null} onClose={onClose} title={page ? t.editTitle(page.title) : ''} closeLabel={t.close} size="80rem">
      {/* Keyed by page, so each opening starts from that page's saved text. */}
      {page ? <PageEditorForm key={page.id} page={page} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PageEditorForm({ page, onClose }: { page: AdminPage; onClose: () => void }) {
  const form = useForm<PageFormValues>({
    initialValues: { title: page.title, content: page.content },
    validate: validateWith(pageFormSchema),
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePage();

  const submit = form.onSubmit(
    ({ title, content }) => {
      setError(null);
      update.mutate(
        { id: page.id, title, content },
        {
          onSuccess: (saved) => {
            notify.success(t.saved);
            const removed = htmlRemovedMessage(saved.removed);
            if (removed) notify.warning(removed, false);
            onClose();
          },
          onError: (e) => notify.error(contentAdminErrorMessage(e, t.saveFailed)),
        },
      );
    },
    (errors) => setError(formMessage(errors)),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t.pageTitle} maxLength={200} {...form.getInputProps('title')} required />
        <Text size="sm" c="gray.8" dir="ltr" ta="right">
          /{page.slug}
        </Text>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <LazyRichTextField
            label={t.content}
            description={t.contentHint}
            initialValue={page.content}
            onChange={(content) => form.setFieldValue('content', content)}
            minHeight={420}
          />
          <AdminPagePreview title={form.values.title} content={form.values.content} />
        </SimpleGrid>
        <FormActions error={error} onCancel={onClose} cancelLabel={t.cancel} submitLabel={t.save} saving={update.isPending} />
      </Stack>
    </form>
  );
}
