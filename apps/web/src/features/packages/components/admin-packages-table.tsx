import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { CURRENCY_LABEL, formatNumber, packageDisplayName } from '@sira/shared';
import { packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { LongText } from '~/components/ui/long-text';
import { StackedTable } from '~/components/ui/stacked-table';

/** Why the server would refuse to delete this package, or null when it may be deleted. */
function deleteBlockedReason(pkg: AdminPackage): string | null {
  if (pkg.reserved) return t.deleteBlocked.reserved;
  if (pkg.profilesCount > 0 || pkg.companiesCount > 0) return t.deleteBlocked.inUse(pkg.profilesCount, pkg.companiesCount);
  return null;
}

/**
 * Packages by price with their usage. Delete is offered only where the server would allow it; where it is not,
 * the reason is written under the disabled button (a tooltip would not reach keyboard or touch users, since a
 * disabled button takes neither focus nor hover).
 */
export function AdminPackagesTable({
  packages,
  onEdit,
  onDelete,
}: {
  packages: AdminPackage[];
  onEdit: (pkg: AdminPackage) => void;
  onDelete: (pkg: AdminPackage) => void;
}) {
  return (
    <StackedTable minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.name}</Table.Th>
            <Table.Th>{t.price}</Table.Th>
            <Table.Th>{t.messagesLimit}</Table.Th>
            <Table.Th>{t.excelColumn}</Table.Th>
            <Table.Th>{t.usage}</Table.Th>
            <Table.Th>{t.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {packages.map((pkg) => {
            const blocked = deleteBlockedReason(pkg);
            return (
              <Table.Tr key={pkg.id}>
                <Table.Td data-label={t.name}>
                  <Group gap="xs" wrap="nowrap">
                    <LongText>{packageDisplayName(pkg.name)}</LongText>
                    {pkg.reserved ? (
                      <Badge variant="light" color="gray">
                        {t.reservedBadge}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td data-label={t.price}>
                  {formatNumber(pkg.price)} {CURRENCY_LABEL}
                </Table.Td>
                <Table.Td data-label={t.messagesLimit}>{formatNumber(pkg.messagesLimit)}</Table.Td>
                <Table.Td data-label={t.excelColumn}>{pkg.canUploadExcel ? t.excelYes : t.excelNo}</Table.Td>
                <Table.Td data-label={t.usage}>{t.usageText(pkg.profilesCount, pkg.companiesCount)}</Table.Td>
                <Table.Td data-label={t.actions}>
                  <Stack gap={4} align="flex-start">
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="outline" onClick={() => onEdit(pkg)} aria-label={t.editLabel(pkg.name)}>
                        {t.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        onClick={() => onDelete(pkg)}
                        aria-label={t.deleteLabel(pkg.name)}
                        aria-describedby={blocked ? `delete-blocked-${pkg.id}` : undefined}
                        disabled={blocked !== null}
                      >
                        {t.delete}
                      </Button>
                    </Group>
                    {blocked ? (
                      <Text id={`delete-blocked-${pkg.id}`} size="xs" c="gray.8" data-testid="delete-blocked">
                        {blocked}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}
