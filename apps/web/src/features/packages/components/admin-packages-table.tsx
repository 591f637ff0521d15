import { Badge, Button, Group, Table } from '@mantine/core';
import { CURRENCY_LABEL, packageDisplayName } from '@sira/shared';
import { packagesAdminTexts as t } from '@sira/shared/messages/packages-admin';
import type { AdminPackage } from '@sira/shared/schemas/packages-admin';
import { StackedTable } from '~/components/ui/stacked-table';

/** Packages by price with their usage. Delete is offered only where the server would allow it. */
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
          {packages.map((pkg) => (
            <Table.Tr key={pkg.id}>
              <Table.Td data-label={t.name}>
                <Group gap="xs" wrap="nowrap">
                  <span>{packageDisplayName(pkg.name)}</span>
                  {pkg.reserved ? (
                    <Badge variant="light" color="gray">
                      {t.reservedBadge}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td data-label={t.price}>
                {pkg.price} {CURRENCY_LABEL}
              </Table.Td>
              <Table.Td data-label={t.messagesLimit}>{pkg.messagesLimit}</Table.Td>
              <Table.Td data-label={t.excelColumn}>{pkg.canUploadExcel ? t.excelYes : t.excelNo}</Table.Td>
              <Table.Td data-label={t.usage}>{t.usageText(pkg.profilesCount, pkg.companiesCount)}</Table.Td>
              <Table.Td data-label={t.actions}>
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
                    disabled={pkg.reserved || pkg.profilesCount > 0 || pkg.companiesCount > 0}
                  >
                    {t.delete}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}
