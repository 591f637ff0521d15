import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@sira/shared';
import { billingTexts } from '@sira/shared/messages/billing';

/** Spec §4: completed is 'مكتمل' in green; any other status is 'معلق' in yellow. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return status === 'completed' ? (
    <Badge color="green" variant="light" c="green.9">
      {billingTexts.completed}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" c="yellow.9">
      {billingTexts.pending}
    </Badge>
  );
}
