import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { checkPageInput, contentAdminMessage, pagesAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminPage } from '@sira/shared/schemas/content-admin';
import { type FormEvent, useState } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { notify } from '~/lib/notify';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdatePage } from '../api/admin-update-page';

/** The large page editor (spec §2): title and HTML content; the server sanitises what is saved. */
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
        onSuccess: () => {
          notify.success(t.saved);
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
        <Textarea
          label={t.content}
          maxLength={200000}
          description={t.contentHint}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          autosize
          minRows={18}
          maxRows={30}
          dir="auto"
          styles={{
            input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 },
            // Mantine's dimmed description is below 4.5:1 on white; gray 8 passes WCAG AA.
            description: { color: 'var(--mantine-color-gray-8)' },
          }}
        />
        <FormActions error={error} onCancel={onClose} cancelLabel={t.cancel} submitLabel={t.save} saving={update.isPending} />
      </Stack>
    </form>
  );
}
