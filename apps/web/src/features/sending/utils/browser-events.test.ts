import { describe, expect, it } from 'vitest';
import { queueEvents } from './browser-events';

const counts = (c: Partial<{ total: number; pending: number; processing: number; completed: number; failed: number }>) => ({
  total: 0,
  pending: 0,
  processing: 0,
  completed: 0,
  failed: 0,
  ...c,
});

describe('the browser events of spec §7', () => {
  it('announces the queue and the failures on the first reading', () => {
    expect(queueEvents(undefined, counts({ total: 10, pending: 7, processing: 1, completed: 1, failed: 1 }))).toEqual([
      { type: 'queue-status-update', detail: { status: 'processing', current: 2, total: 10 } },
      { type: 'failed-email-update', detail: { failed: 1 } },
    ]);
  });

  it('announces only what changed', () => {
    const before = counts({ total: 10, pending: 8, processing: 1, completed: 1 });
    expect(queueEvents(before, { ...before })).toEqual([]);
    expect(queueEvents(before, counts({ total: 10, pending: 7, processing: 1, completed: 2 }))).toEqual([
      { type: 'queue-status-update', detail: { status: 'processing', current: 2, total: 10 } },
    ]);
    expect(queueEvents(before, counts({ total: 10, pending: 8, completed: 1, failed: 1 }))).toEqual([
      { type: 'queue-status-update', detail: { status: 'pending', current: 2, total: 10 } },
      { type: 'failed-email-update', detail: { failed: 1 } },
    ]);
    expect(queueEvents(before, counts({ total: 10, completed: 10 }))[0]?.detail.status).toBe('completed');
  });
});
