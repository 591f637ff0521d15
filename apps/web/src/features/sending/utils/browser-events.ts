import type { SendingStatus } from '@sira/shared/schemas/sending';

type Counts = SendingStatus['counts'];

export interface BrowserEvent {
  type: 'queue-status-update' | 'failed-email-update';
  detail: Record<string, unknown>;
}

/**
 * Spec §7 "Browser events": the window hears of the queue's progress — `queue-status-update` (status, current,
 * total) and `failed-email-update` (failed) — for anything on the page that listens. Only what changed is
 * announced; the first reading announces both.
 */
export function queueEvents(previous: Counts | undefined, next: Counts): BrowserEvent[] {
  const events: BrowserEvent[] = [];
  const done = next.completed + next.failed;
  const moved =
    !previous ||
    previous.total !== next.total ||
    previous.completed + previous.failed !== done ||
    previous.pending !== next.pending ||
    previous.processing !== next.processing;
  if (moved) {
    const status = next.processing > 0 ? 'processing' : next.pending > 0 ? 'pending' : next.total > 0 ? 'completed' : 'idle';
    events.push({ type: 'queue-status-update', detail: { status, current: done, total: next.total } });
  }
  if (!previous || previous.failed !== next.failed) events.push({ type: 'failed-email-update', detail: { failed: next.failed } });
  return events;
}
