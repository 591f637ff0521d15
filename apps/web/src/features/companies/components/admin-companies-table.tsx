import { Button, Group, Table } from '@mantine/core';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LongText } from '~/components/ui/long-text';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { StackedTable } from '~/components/ui/stacked-table';
import { companyColumns } from '../utils/company-columns';
import { AdminCompanyEditRow } from './admin-company-edit-row';

const texts = {
  table: 'دليل الشركات',
  edit: 'تعديل',
  delete: 'حذف',
  editLabel: (name: string) => `تعديل ${name}`,
  deleteLabel: (name: string) => `حذف ${name}`,
};

/**
 * One page of the directory. Edit turns a row into inputs in place; while one row is being edited, every
 * other row's edit and delete buttons are disabled (spec §2). Leaving the page ends the edit.
 */
export function AdminCompaniesTable({
  companies,
  firstNumber,
  packageOptions,
  onDelete,
  busy,
}: {
  companies: AdminCompany[];
  firstNumber: number;
  packageOptions: Array<{ value: string; label: string }>;
  onDelete: (company: AdminCompany) => void;
  busy: boolean;
}) {
  const [editRequest, setEditingId] = useState<string | null>(null);
  // An edit lasts while its row is on the page: after a page change, search or filter took it away, the edit is
  // over (its unsaved values with it) — otherwise every row's buttons would stay disabled with no row to finish.
  const editingId = companies.some((company) => company.id === editRequest) ? editRequest : null;

  return (
    <StackedTable minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={texts.table} aria-busy={busy || undefined}>
        <ColumnHeads titles={Object.values(companyColumns)} />
        <Table.Tbody>
          {companies.map((company, index) =>
            company.id === editingId ? (
              <AdminCompanyEditRow
                key={company.id}
                number={firstNumber + index}
                company={company}
                packageOptions={packageOptions}
                onDone={() => setEditingId(null)}
              />
            ) : (
              <Table.Tr key={company.id}>
                <Table.Td data-label={companyColumns.number}>{firstNumber + index}</Table.Td>
                <Table.Td data-label={companyColumns.name}>
                  <LongText>{withLtrRuns(company.name)}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.email}>
                  <LongText dir="ltr">{company.email}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.sector}>
                  <LongText>{withLtrRuns(company.sector)}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.location}>
                  <LongText>{withLtrRuns(company.location)}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.package}>
                  <LongText>{company.packageName}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.actions}>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditingId(company.id)}
                      disabled={editingId !== null}
                      aria-label={texts.editLabel(company.name)}
                    >
                      {texts.edit}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => onDelete(company)}
                      disabled={editingId !== null}
                      aria-label={texts.deleteLabel(company.name)}
                    >
                      {texts.delete}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}
