import { Button, Skeleton, Table, Text } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE, formatNumber, packageDisplayName } from '@sira/shared';
import { usersAdminTexts as t } from '@sira/shared/messages/users-admin';
import type { AdminUserRow } from '@sira/shared/schemas/users-admin';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeZone: DISPLAY_TIME_ZONE });
const SKELETON_ROWS = 5;
/** The user's own list (ADR 029): how many companies, never which. */
const ownCompaniesColumn = 'شركات قائمته الخاصة';

function Head() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t.name}</Table.Th>
        <Table.Th>{t.email}</Table.Th>
        <Table.Th>{t.package}</Table.Th>
        <Table.Th>{t.remaining}</Table.Th>
        <Table.Th>{ownCompaniesColumn}</Table.Th>
        <Table.Th>{t.registeredAt}</Table.Th>
        <Table.Th>{t.actions}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * The users table of spec §2: name, e-mail, package, remaining messages, the size of the user's own list,
 * registration date (ar-SA), edit.
 */
export function AdminUsersTable({ rows, onEdit }: { rows: AdminUserRow[] | undefined; onEdit: (row: AdminUserRow) => void }) {
  return (
    <StackedTable minWidth={940}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.title} aria-busy={rows === undefined}>
        <Head />
        <Table.Tbody>
          {rows === undefined
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={i}>
                  {[0, 1, 2, 3, 4, 5, 6].map((cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={16} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td data-label={t.name}>
                    {row.fullName ? (
                      <LongText>{row.fullName}</LongText>
                    ) : (
                      <Text span size="sm" c="gray.8">
                        {t.noName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t.email}>
                    <LongText dir="ltr">{row.email}</LongText>
                  </Table.Td>
                  <Table.Td data-label={t.package}>
                    <LongText>{packageDisplayName(row.packageName)}</LongText>
                  </Table.Td>
                  <Table.Td data-label={t.remaining}>{formatNumber(row.messagesRemaining)}</Table.Td>
                  <Table.Td data-label={ownCompaniesColumn}>{formatNumber(row.ownCompanies)}</Table.Td>
                  <Table.Td data-label={t.registeredAt}>{dateFormat.format(new Date(row.createdAt))}</Table.Td>
                  <Table.Td data-label={t.actions}>
                    <Button size="xs" variant="outline" onClick={() => onEdit(row)} aria-label={t.editLabel(row.email)}>
                      {t.edit}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}
