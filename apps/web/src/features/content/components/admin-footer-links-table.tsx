import { NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FooterLinkFormValues, footerLinkFormSchema } from '@sira/shared/forms/content';
import { footerAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminFooterLink, AdminFooterSection } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { RowActions, RowEditActions } from '~/components/ui/row-actions';
import { StackedTable } from '~/components/ui/stacked-table';
import { formMessage, markWithoutMessage, validateWith } from '~/lib/form';
import { notify } from '~/lib/notify';
import { useDeleteFooterLink } from '../api/admin-delete-footer-link';
import { contentAdminErrorMessage } from '../api/admin-error';
import { useUpdateFooterLink } from '../api/admin-update-footer-link';
import { AdminConfirmDialog } from './admin-confirm-dialog';
import { AdminOrderInput, orderOrZero } from './admin-order-input';

/** Footer links (spec §2): title, url, icon, order, section; edited in place one row at a time. */
export function AdminFooterLinksTable({ links, sections }: { links: AdminFooterLink[]; sections: AdminFooterSection[] }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminFooterLink | null>(null);
  const remove = useDeleteFooterLink();
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t.linkDeleted);
        setDeleting(null);
      },
      onError: (e) => notify.error(contentAdminErrorMessage(e, t.linkDeleteFailed)),
    });
  };

  if (links.length === 0) return <Text c="gray.8">{t.linksEmpty}</Text>;
  return (
    <>
      <StackedTable minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t.linksTable}>
          <ColumnHeads titles={[t.linkTitle, t.url, t.icon, t.order, t.section, t.actions]} />
          <Table.Tbody>
            {links.map((link) =>
              editingId === link.id ? (
                <EditingLinkRow key={link.id} link={link} sections={sections} onDone={() => setEditingId(null)} />
              ) : (
                <Table.Tr key={link.id}>
                  <Table.Td fw={600} data-label={t.linkTitle}>
                    {link.title}
                  </Table.Td>
                  <Table.Td data-label={t.url}>
                    <Text size="sm" dir="ltr" ta="right" style={{ wordBreak: 'break-all' }}>
                      {link.url}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t.icon}>
                    <Text size="sm" dir="ltr" ta="right">
                      {link.icon ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t.order}>{link.order}</Table.Td>
                  <Table.Td data-label={t.section}>{link.sectionId ? (sectionTitle.get(link.sectionId) ?? '—') : t.noSection}</Table.Td>
                  <Table.Td data-label={t.actions}>
                    <RowActions
                      name={link.title}
                      editLabel={t.edit}
                      deleteLabel={t.delete}
                      disabled={editingId !== null}
                      onEdit={() => setEditingId(link.id)}
                      onDelete={() => setDeleting(link)}
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
        title={t.confirmDeleteLinkTitle}
        message={deleting ? t.confirmDeleteLink(deleting.title) : ''}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function EditingLinkRow({ link, sections, onDone }: { link: AdminFooterLink; sections: AdminFooterSection[]; onDone: () => void }) {
  const form = useForm<FooterLinkFormValues>({
    name: 'footer-link-row',
    initialValues: { title: link.title, url: link.url, icon: link.icon ?? '', sectionId: link.sectionId ?? '', order: link.order },
    validate: validateWith(footerLinkFormSchema),
    // The row has no room for a message: the toast says it.
    enhanceGetInputProps: markWithoutMessage,
  });
  const update = useUpdateFooterLink();

  const save = form.onSubmit(
    ({ order, ...fields }) =>
      update.mutate(
        { id: link.id, ...fields, order: orderOrZero(order) },
        {
          onSuccess: () => {
            notify.success(t.linkUpdated);
            onDone();
          },
          onError: (e) => notify.error(contentAdminErrorMessage(e, t.linkUpdateFailed)),
        },
      ),
    (errors) => notify.error(formMessage(errors)),
  );

  return (
    <Table.Tr aria-label={t.editing(link.title)}>
      <Table.Td data-label={t.linkTitle}>
        <TextInput aria-label={t.linkTitle} maxLength={200} {...form.getInputProps('title')} />
      </Table.Td>
      <Table.Td data-label={t.url}>
        <TextInput aria-label={t.url} maxLength={2000} dir="ltr" {...form.getInputProps('url')} />
      </Table.Td>
      <Table.Td data-label={t.icon}>
        <TextInput aria-label={t.icon} maxLength={50} dir="ltr" w={110} {...form.getInputProps('icon')} />
      </Table.Td>
      <Table.Td data-label={t.order}>
        <AdminOrderInput value={form.values.order} onChange={(order) => form.setFieldValue('order', order)} withLabel={false} />
      </Table.Td>
      <Table.Td data-label={t.section}>
        <NativeSelect
          aria-label={t.section}
          {...form.getInputProps('sectionId')}
          data={[{ value: '', label: t.chooseSection }, ...sections.map((s) => ({ value: s.id, label: s.title }))]}
        />
      </Table.Td>
      <Table.Td data-label={t.actions}>
        <RowEditActions saveLabel={t.save} cancelLabel={t.cancel} saving={update.isPending} onSave={() => save()} onCancel={onDone} />
      </Table.Td>
    </Table.Tr>
  );
}
