import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { ar, DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { pagesAdminText as t } from '@sira/shared/messages/content-admin';
import type { AdminPage } from '@sira/shared/schemas/content-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LoadError } from '~/components/ui/load-error';
import { LoadingRows } from '~/components/ui/loading-rows';
import { StackedTable } from '~/components/ui/stacked-table';
import { errorMessage, useErrorToast } from '~/lib/use-error-toast';
import { useAdminPages } from '../api/admin-get-pages';
import { AdminPageEditorDialog } from './admin-page-editor-dialog';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE });

/** The admin pages tab (spec §2): title, /slug and last update, each opening the editor. */
export function AdminPagesPanel() {
  const pages = useAdminPages();
  useErrorToast(pages, () => ar.errors.dataFetchFailed(errorMessage(pages.error)));
  const [editing, setEditing] = useState<AdminPage | null>(null);

  return (
    <Stack component="section" aria-labelledby="pages-heading">
      <Title order={2} id="pages-heading" fz="xl">
        {t.heading}
      </Title>
      {pages.isPending ? <LoadingRows count={5} gap="sm" testId="pages-skeleton" /> : null}
      {pages.isError ? <LoadError title={ar.errors.dataFetchFailed(pages.error.message)} retryLabel={t.retry} query={pages} /> : null}
      {pages.data?.length === 0 ? <Text c="gray.8">{t.empty}</Text> : null}
      {pages.data && pages.data.length > 0 ? (
        <StackedTable minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t.tableLabel}>
            <ColumnHeads titles={[t.title, t.slug, t.updatedAt, t.actions]} />
            <Table.Tbody>
              {pages.data.map((page) => (
                <Table.Tr key={page.id}>
                  <Table.Td fw={600} data-label={t.title}>
                    {page.title}
                  </Table.Td>
                  <Table.Td data-label={t.slug}>
                    <Text size="sm" dir="ltr" ta="right">
                      /{page.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t.updatedAt}>
                    <Text size="sm" c="gray.8">
                      {dateFormat.format(new Date(page.updatedAt))}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t.actions}>
                    <Button size="xs" variant="outline" onClick={() => setEditing(page)} aria-label={`${t.edit} ${page.title}`}>
                      {t.edit}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      ) : null}
      <AdminPageEditorDialog page={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
