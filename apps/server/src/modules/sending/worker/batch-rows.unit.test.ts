import { describe, expect, it } from 'vitest';
import { BatchRows, type RowState } from './batch-rows';
import type { ClaimedDelivery } from './queue';

const row = (id: string, lease = `lease-${id}`): ClaimedDelivery => ({
  id,
  jobId: 'job',
  recipientEmail: `${id}@co.example`,
  companyName: id,
  sector: 's',
  location: 'l',
  attempts: 0,
  lease,
  windowed: false,
});

/** A row walked to `state` by allowed moves. */
function rowIn(state: RowState): BatchRows {
  const rows = new BatchRows([row('a')], false, 1_000);
  const path: Record<RowState, RowState[]> = {
    claimed: [],
    handing: ['handing'],
    handed: ['handed'],
    accepted: ['handed', 'accepted'],
    settled: ['settled'],
    lost: ['lost'],
  };
  for (const step of path[state]) rows.move('a', step);
  return rows;
}

describe('a claimed batch’s rows', () => {
  const allowed: Array<[RowState, RowState]> = [
    ['claimed', 'handing'],
    ['claimed', 'handed'],
    ['claimed', 'settled'],
    ['claimed', 'lost'],
    ['handing', 'handed'],
    ['handing', 'claimed'],
    ['handing', 'settled'],
    ['handing', 'lost'],
    ['handed', 'accepted'],
    ['handed', 'settled'],
    ['handed', 'lost'],
    ['accepted', 'settled'],
    ['accepted', 'lost'],
  ];
  const states: RowState[] = ['claimed', 'handing', 'handed', 'accepted', 'settled', 'lost'];

  it.each(allowed)('may move %s → %s', (from, to) => {
    const rows = rowIn(from);
    rows.move('a', to);
    expect(rows.state('a')).toBe(to);
  });

  const refused = states.flatMap((from) =>
    states.filter((to) => to !== from && !allowed.some(([f, t]) => f === from && t === to)).map((to) => [from, to] as const),
  );
  it.each(refused)('refuses %s → %s: a row is never handed over again, nor written once settled or lost', (from, to) => {
    const rows = rowIn(from);
    expect(() => rows.move('a', to)).toThrow(/is not a move/);
  });

  it('starts handed over when the claim itself handed the rows over', () => {
    expect(new BatchRows([row('a')], true, 0).state('a')).toBe('handed');
  });

  it('holds leases only while a row is neither settled nor lost; the first end is of those held', () => {
    const rows = new BatchRows([row('a'), row('b'), row('c')], false, 5_000);
    rows.renewed('b', 'lease-b2', 3_000);
    expect(rows.firstLeaseEnd()).toBe(3_000);
    rows.move('b', 'lost');
    rows.move('c', 'settled');
    expect(rows.held()).toEqual([{ id: 'a', lease: 'lease-a' }]);
    expect(rows.firstLeaseEnd()).toBe(5_000);
    expect(rows.leaseEndOf('b')).toBe(Number.POSITIVE_INFINITY);
    rows.move('a', 'settled');
    expect(rows.held()).toEqual([]);
    expect(rows.firstLeaseEnd()).toBe(Number.POSITIVE_INFINITY);
  });
});
