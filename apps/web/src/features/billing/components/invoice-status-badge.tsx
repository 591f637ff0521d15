import { Badge } from '@mantine/core';
import type { InvoiceOutcome, InvoiceStatus } from '@sira/shared';
import { billingTexts } from '@sira/shared/messages/billing';

const colours: Record<InvoiceOutcome, string> = {
  completed: 'green',
  waiting: 'yellow',
  declined: 'red',
  cancelled: 'gray',
  failed: 'red',
};

/** An invoice's status by itself (the admin list), when Paylink's last word is not at hand. */
export const outcomeOfStatus = (status: InvoiceStatus): InvoiceOutcome =>
  status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'waiting';

/**
 * What became of a payment (spec §4's 'مكتمل' in green): still waiting in yellow, declined or failed in red,
 * cancelled in grey — never «معلق» for a payment that will not be taken.
 */
export function InvoiceStatusBadge({ outcome }: { outcome: InvoiceOutcome }) {
  const colour = colours[outcome];
  return (
    <Badge color={colour} variant="light" c={`${colour}.9`} data-outcome={outcome}>
      {billingTexts.outcome[outcome]}
    </Badge>
  );
}
