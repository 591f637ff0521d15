import { Badge } from '@mantine/core';
import { colorOf } from '../utils/format';

/** A job or delivery status as a badge with its Arabic label. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge variant="filled" color={colorOf(status)} radius="sm">
      {label}
    </Badge>
  );
}
