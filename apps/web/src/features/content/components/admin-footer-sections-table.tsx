import { Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FooterSectionFormValues, footerSectionFormSchema } from '@sira/shared/forms/content';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminFooterLink, AdminFooterSection } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { RowActions, RowEditActions } from '~/components/ui/row-actions';
import { StackedTable } from '~/components/ui/stacked-table';
import { formMessage, markWithoutMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useDeleteFooterSection } from '../api/admin-delete-footer-section';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateFooterSection } from '../api/admin-update-footer-section';
import { AdminConfirmDialog } from './admin-confirm-dialog';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

/** Footer sections (spec §2): title and order, edited in place one row at a time, deleted with their links. */
export function AdminFooterSectionsTable({ sections, links }: { sections: AdminFooterSection[]; links: AdminFooterLink[] }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminFooterSection | null>(null);
  const remove = useDeleteFooterSection();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t.sectionDeleted);
        setDeleting(null);
      },
      onError: (e) => notify.error(contentAdminErrorMessage(e, t.sectionDeleteFailed)),
    });
  };

  if (sections.length === 0) return <Text c="gray.8">{t.sectionsEmpty}</Text>;
  return (
    <>
      <StackedTable minWidth={520}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t.sectionsTable}>
          <ColumnHeads titles={[t.sectionTitle, t.order, t.actions]} />
          <Table.Tbody>
            {sections.map((section) =>
              editingId === section.id ? (
                <EditingSectionRow key={section.id} section={section} onDone={() => setEditingId(null)} />
              ) : (
                <Table.Tr key={section.id}>
                  <Table.Td fw={600} data-label={t.sectionTitle}>
                    {section.title}
                  </Table.Td>
                  <Table.Td data-label={t.order}>{section.order}</Table.Td>
                  <Table.Td data-label={t.actions}>
                    <RowActions
                      name={section.title}
                      editLabel={t.edit}
                      deleteLabel={t.delete}
                      disabled={editingId !== null}
                      onEdit={() => setEditingId(section.id)}
                      onDelete={() => setDeleting(section)}
                    />
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <AdminConfirmDialog
        opened={deleting !== null}
        title={t.confirmDeleteSectionTitle}
        message={deleting ? t.confirmDeleteSection(deleting.title, links.filter((l) => l.sectionId === deleting.id).length) : ''}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function EditingSectionRow({ section, onDone }: { section: AdminFooterSection; onDone: () => void }) {
  const form = useForm<FooterSectionFormValues>({
    name: 'footer-section-row',
    initialValues: { title: section.title, order: section.order },
    validate: validateWith(footerSectionFormSchema),
    // The row has no room for a message: the toast says it.
    enhanceGetInputProps: markWithoutMessage,
  });
  const update = useUpdateFooterSection();

  const save = form.onSubmit(
    ({ title, order }) =>
      update.mutate(
        { id: section.id, title, order: orderOrZero(order) },
        {
          onSuccess: () => {
            notify.success(t.sectionUpdated);
            onDone();
          },
          onError: (e) => notify.error(contentAdminErrorMessage(e, t.sectionUpdateFailed)),
        },
      ),
    (errors) => notify.error(formMessage(errors)),
  );

  return (
    <Table.Tr aria-label={t.editing(section.title)}>
      <Table.Td data-label={t.sectionTitle}>
        <TextInput aria-label={t.sectionTitle} maxLength={200} {...form.getInputProps('title')} />
      </Table.Td>
      <Table.Td data-label={t.order}>
        <AdminOrderInput value={form.values.order} onChange={(order) => form.setFieldValue('order', order)} withLabel={false} />
      </Table.Td>
      <Table.Td data-label={t.actions}>
        <RowEditActions saveLabel={t.save} cancelLabel={t.cancel} saving={update.isPending} onSave={() => save()} onCancel={onDone} />
      </Table.Td>
    </Table.Tr>
  );
}
