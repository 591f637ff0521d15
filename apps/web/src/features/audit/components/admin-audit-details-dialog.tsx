import { Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE } from '@sira/shared';
import { auditActionLabel, auditEntityLabel, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import type { AuditEntry } from '@sira/shared/schemas/audit-admin';
import { Dialog } from '~/components/ui/dialog';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {label}
      </Title>
      {value === null || value === undefined ? (
        <Text c="gray.8">{t.nothing}</Text>
      ) : (
        <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: '50vh', overflow: 'auto' }} tabIndex={0}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

/** One audit entry: who, what and when, and the row before and after as JSON. */
export function AdminAuditDetailsDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
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
              <b>{t.action}:</b> {auditActionLabel(entry.action)} ({entry.action})
            </Text>
            <Text size="sm">
              <b>{t.entity}:</b> {auditEntityLabel(entry.entity)} <span dir="ltr">{entry.entityId ?? ''}</span>
            </Text>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <JsonBlock label={t.before} value={entry.before} />
            <JsonBlock label={t.after} value={entry.after} />
          </SimpleGrid>
        </Stack>
      ) : null}
    </Dialog>
  );
}
