import { Text } from '@mantine/core';
import { auditEntityLabel, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import type { AuditEntry } from '@sira/shared/schemas/audit-admin';
import { auditItemName } from './audit-fields';

/**
 * What an entry is about: its kind and its name ("باقة: باقة المحترف"). An item that names nothing shows its
 * id, isolated left to right so the Arabic around it cannot break it up.
 */
export function AuditItem({ entry }: { entry: Pick<AuditEntry, 'entity' | 'entityId' | 'before' | 'after'> }) {
  const name = auditItemName(entry);
  return (
    <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
      {auditEntityLabel(entry.entity)}
      {': '}
      {name ? (
        <bdi>{name}</bdi>
      ) : entry.entityId ? (
        <bdi dir="ltr" title={t.unnamedItem}>
          {entry.entityId}
        </bdi>
      ) : (
        t.unnamedItem
      )}
    </Text>
  );
}
