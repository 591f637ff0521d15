import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { checkPageInput, contentAdminMessage, pagesAdminText as t } from '@sira/shared/messages/content-admin';
import { htmlRemovedMessage } from '@sira/shared/messages/rich-html';
import type { AdminPage } from '@sira/shared/schemas/content-admin';
import { type FormEvent, useState } from 'react';
import { LazyRichTextField } from '~/components/rich-text/lazy-rich-text-field';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
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
  const [title, setTitle] = useState(page.title);
  const [content, setContent] = useState(page.content);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule = checkPageInput({ title });
    if (rule) return setError(contentAdminMessage(rule) ?? null);
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
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t.pageTitle} maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required />
        <Text size="sm" c="gray.8" dir="ltr" ta="right">
          /{page.slug}
        </Text>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <LazyRichTextField
            label={t.content}
            description={t.contentHint}
            initialValue={page.content}
            onChange={setContent}
            minHeight={420}
          />
          <AdminPagePreview title={title} content={content} />
        </SimpleGrid>
        <FormActions error={error} onCancel={onClose} cancelLabel={t.cancel} submitLabel={t.save} saving={update.isPending} />
      </Stack>
    </form>
  );
}
