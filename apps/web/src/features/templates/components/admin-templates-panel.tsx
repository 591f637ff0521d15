import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { templatesAdminText as t } from '@sira/shared/messages/templates-admin';
import type { AdminTemplate } from '@sira/shared/schemas/templates-admin';
import { useState } from 'react';
import { notify } from '~/lib/notify';
import { useDeleteTemplate } from '../api/delete-template';
import { useAdminTemplates } from '../api/get-admin-templates';
import { templateErrorMessage } from '../utils/error-message';
import { AddTemplateDialog } from './add-template-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { TemplateRow } from './template-row';

function LoadingRows() {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="templates-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/** The admin templates tab (spec §2): table with inline edit, add modal, delete with confirmation. */
export function AdminTemplatesPanel() {
  const list = useAdminTemplates();
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
      {list.isPending ? <LoadingRows /> : null}
      {list.isError ? (
        <Alert color="red" role="alert" title={t.loadFailed}>
          <Button mt="sm" color="red.9" onClick={() => list.refetch()} loading={list.isFetching}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      {data && data.templates.length === 0 ? <Text c="gray.8">{t.empty}</Text> : null}
      {data && data.templates.length > 0 ? (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.name}</Table.Th>
                <Table.Th scope="col">{t.content}</Table.Th>
                <Table.Th scope="col">{t.packages}</Table.Th>
                <Table.Th scope="col">{t.updatedAt}</Table.Th>
                <Table.Th scope="col">{t.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
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
        </Table.ScrollContainer>
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
