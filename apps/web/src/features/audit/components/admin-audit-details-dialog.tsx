import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { auditActionLabel, auditFieldLabel, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import type { AuditEntry } from '@sira/shared/schemas/audit-admin';
import { ColumnHeads } from '~/components/ui/column-heads';
import { Dialog } from '~/components/ui/dialog';
import { StackedTable } from '~/components/ui/stacked-table';
import { auditFields } from './audit-fields';
import { AuditItem } from './audit-item';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'medium', timeZone: DISPLAY_TIME_ZONE });

/** Past this many characters a value (a page's content) scrolls in its cell instead of stretching the dialog. */
const LONG = 400;

function Value({ text, label }: { text: string | null; label: string }) {
  if (text === null) return <Text c="gray.8">{t.nothing}</Text>;
  const long = text.length > LONG;
  return (
    <Text
      size="sm"
      dir="auto"
      // A region that scrolls takes keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1).
      {...(long ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', ...(long ? { maxHeight: '16rem', overflow: 'auto' } : {}) }}
    >
      {text}
    </Text>
  );
}

/** One audit entry: who, what and when, and each field of the row before and after, the changed ones marked. */
export function AdminAuditDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const fields = entry ? auditFields(entry.before, entry.after) : [];
  return (
    <Dialog opened={entry !== null} onClose={onClose} title={t.detailsTitle} closeLabel={t.close} size="xl">
      {entry ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">
              <b>{t.actor}:</b> <span dir="ltr">{entry.actorEmail}</span>
            </Text>
            <Text size="sm">
              <b>{t.createdAt}:</b> {dateFormat.format(new Date(entry.createdAt))}
            </Text>
            <Text size="sm">
              <b>{t.action}:</b> {auditActionLabel(entry.action)}
            </Text>
            <Text size="sm">
              <b>{t.entity}:</b> <AuditItem entry={entry} />
            </Text>
          </SimpleGrid>
          <StackedTable minWidth={560}>
            <Table verticalSpacing="xs" aria-label={t.fields} layout="fixed">
              <ColumnHeads titles={[t.field, t.before, t.after]} />
              <Table.Tbody>
                {fields.map((f) => (
                  <Table.Tr key={f.field} data-changed={f.changed || undefined} bg={f.changed ? 'yellow.0' : undefined}>
                    <Table.Td data-label={t.field} w="22%">
                      <Text size="sm" fw={600}>
                        {auditFieldLabel(f.field)}
                      </Text>
                      {f.changed ? (
                        <Badge size="sm" color="yellow" variant="light" mt={4}>
                          {t.changed}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td data-label={t.before}>
                      <Value text={f.before} label={`${auditFieldLabel(f.field)}: ${t.before}`} />
                    </Table.Td>
                    <Table.Td data-label={t.after}>
                      <Value text={f.after} label={`${auditFieldLabel(f.field)}: ${t.after}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
        </Stack>
      ) : null}
    </Dialog>
  );
}
