import { Button, Group, Table } from '@mantine/core';
import type { AdminCompany } from '@sira/shared/schemas/companies-admin';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { ColumnHeads } from '~/components/ui/column-heads';
import { LongText } from '~/components/ui/long-text';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { StackedTable } from '~/components/ui/stacked-table';
import { companyColumns } from '../utils/company-columns';
import type { RowPlacement } from '../utils/row-placement';
import { AdminCompanyEditRow } from './admin-company-edit-row';
import { CompanyHardFailures, CompanyOptedOut } from './company-hard-failures';

const texts = {
  table: 'دليل الشركات',
  edit: 'تعديل',
  delete: 'حذف',
  editLabel: (name: string) => `تعديل ${name}`,
  deleteLabel: (name: string) => `حذف ${name}`,
};

/** A wide screen's row height before it is measured (a phone's stacked rows are measured as they render). */
const ROW_ESTIMATE_PX = 53;
/** Rows rendered beyond the screen's, above and below, so a fast scroll or a Tab to the next row finds one. */
const OVERSCAN = 12;

/**
 * One page of the directory. Edit turns a row into inputs in place; while one row is being edited, every
 * other row's edit and delete buttons are disabled (spec §2). Leaving the page ends the edit.
 *
 * A page holds 1,000 rows (spec §9): rendering them all made every page change and search take 2–3.5 s and
 * the page 50,000 px tall. Only the rows near the screen are rendered (the page still scrolls as one, the
 * rows out of sight are spacer height), inside a real table: aria-rowcount and each row's aria-rowindex tell
 * a screen reader where it is in the page.
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

  // Where the table's body starts in the page: the virtualiser works in the window's scroll coordinates.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const place = () => setBodyTop(body.getBoundingClientRect().top + window.scrollY);
    place();
    // Content above the table (the import result, a toast-free layout shift) moves it.
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: companies.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin: bodyTop,
    getItemKey: (index) => companies[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length ? (items[0]?.start ?? 0) - bodyTop : 0;
  const after = items.length ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - bodyTop) : 0;

  return (
    <StackedTable minWidth={960}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={texts.table}
        aria-busy={busy || undefined}
        aria-rowcount={companies.length + 1}
      >
        <ColumnHeads titles={Object.values(companyColumns)} />
        <Table.Tbody ref={bodyRef}>
          {before > 0 ? <Spacer height={before} /> : null}
          {items.map((item) => {
            const company = companies[item.index];
            if (!company) return null;
            const number = firstNumber + item.index;
            const rowProps: RowPlacement = {
              ref: virtualizer.measureElement,
              'data-index': item.index,
              'aria-rowindex': item.index + 2,
            };
            return company.id === editingId ? (
              <AdminCompanyEditRow
                key={company.id}
                number={number}
                company={company}
                packageOptions={packageOptions}
                onDone={() => setEditingId(null)}
                rowProps={rowProps}
              />
            ) : (
              <Table.Tr key={company.id} {...rowProps}>
                <Table.Td data-label={companyColumns.number}>{number}</Table.Td>
                <Table.Td data-label={companyColumns.name}>
                  <LongText>{withLtrRuns(company.name)}</LongText>
                </Table.Td>
                <Table.Td data-label={companyColumns.email}>
                  <LongText dir="ltr">{company.email}</LongText>
                  <CompanyHardFailures count={company.hardFailures} />
                  <CompanyOptedOut optedOut={company.optedOut} />
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
            );
          })}
          {after > 0 ? <Spacer height={after} /> : null}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

/** The height of the rows out of sight; hidden from assistive technology, which counts by aria-rowindex. */
function Spacer({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable, and this one holds nothing.
    <tr aria-hidden="true" data-spacer="" style={{ height }}>
      <td colSpan={Object.keys(companyColumns).length} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
