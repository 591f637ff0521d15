import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ar } from '@sira/shared';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import type { AdminTemplate } from '@sira/shared/schemas/templates-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { StackedTable } from '~/components/ui/stacked-table';
import { notify } from '~/lib/notify';
import { errorMessage, useErrorToast } from '~/lib/use-error-toast';
import { useDeleteTemplate } from '../api/delete-template';
import { useAdminTemplates } from '../api/get-admin-templates';
import { templateErrorMessage } from '../utils/error-message';
import { AddTemplateDialog } from './add-template-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { TemplateRow } from './template-row';

/** The admin templates tab (spec §2): table with inline edit, add modal, delete with confirmation. */
export function AdminTemplatesPanel() {
  const list = useAdminTemplates();
  useErrorToast(list, () => ar.errors.dataFetchFailed(errorMessage(list.error)));
  const remove = useDeleteTemplate();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminTemplate | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t.deleted);
        setDeleting(null);
      },
      onError: (e) => notify.error(templateErrorMessage(e, t.deleteFailed)),
    });
  };

  const data = list.data;
  return (
    <Stack component="section" aria-labelledby="templates-heading">
      <Group justify="space-between">
        <Title order={2} id="templates-heading" fz="xl">
          {t.heading}
        </Title>
        <Button onClick={() => setAdding(true)} disabled={!data || editingId !== null}>
          {t.add}
        </Button>
      </Group>
      {list.isPending ? <LoadingRows count={4} gap="sm" testId="templates-skeleton" /> : null}
      {list.isError ? <LoadError title={ar.errors.dataFetchFailed(list.error.message)} retryLabel={t.retry} query={list} /> : null}
      {data && data.templates.length === 0 ? <Text c="gray.8">{t.empty}</Text> : null}
      {data && data.templates.length > 0 ? (
        <StackedTable minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t.tableLabel}>
            <ColumnHeads titles={[t.name, t.content, t.packages, t.updatedAt, t.actions]} />
            <Table.Tbody>
              {data.templates.map((template) => (
                <TemplateRow
                  key={template.id}
                  template={template}
                  packages={data.packages}
                  editing={editingId === template.id}
                  locked={editingId !== null && editingId !== template.id}
                  onEdit={() => setEditingId(template.id)}
                  onDone={() => setEditingId(null)}
                  onDelete={() => setDeleting(template)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      ) : null}
      <AddTemplateDialog opened={adding} onClose={() => setAdding(false)} packages={data?.packages ?? []} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        name={deleting?.name ?? ''}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
