import type { ClaimedDelivery } from './queue';

/**
 * Where each row of a claimed batch stands in this process, and the only moves it may make — the states and
 * transitions of a claimed batch, in one place (claimed-batch.ts acts on them):
 *
 *   claimed ──▶ handing ──▶ handed ──▶ accepted ──▶ settled
 *      │           │           │           │
 *      └───────────┴───────────┴───────────┴──────▶ settled | lost
 *
 * - claimed: leased to this worker ('sending'), not in the provider's hands;
 * - handing: a hand-over statement naming it runs in the background while calls go on (back to claimed if it fails);
 * - handed: marked in the provider's hands in the database (provider_message_id = ''), its call next or on the wire;
 * - accepted: the provider took it; the answer waits to be recorded (still 'sending', still leased);
 * - settled: recorded, failed, retried, released or opted out — no longer this worker's;
 * - lost: a write naming its lease matched nothing: the sweeper (or a deleted account) took it. It is never
 *   written again by this worker.
 * A row's lease (the fencing token every write names) and when that lease ends (in the clock's real time) are
 * kept while it is held: in every state but settled and lost.
 */
export type RowState = 'claimed' | 'handing' | 'handed' | 'accepted' | 'settled' | 'lost';

const MOVES: Record<RowState, readonly RowState[]> = {
  claimed: ['handing', 'handed', 'settled', 'lost'],
  handing: ['handed', 'claimed', 'settled', 'lost'],
  handed: ['accepted', 'settled', 'lost'],
  accepted: ['settled', 'lost'],
  settled: [],
  lost: [],
};

interface Held {
  state: RowState;
  lease: string;
  /** When the lease ends, in the clock's real time: set just before the statement that set it, so never later than the database's. */
  leaseEnds: number;
}

export class BatchRows {
  private readonly rows = new Map<string, Held>();

  constructor(rows: readonly ClaimedDelivery[], handedOver: boolean, leaseEnds: number) {
    for (const r of rows) this.rows.set(r.id, { state: handedOver ? 'handed' : 'claimed', lease: r.lease, leaseEnds });
  }

  state(id: string): RowState {
    return this.row(id).state;
  }

  is(id: string, ...states: RowState[]): boolean {
    return states.includes(this.row(id).state);
  }

  /** Moves a row; a move the table above does not allow is a fault in the batch's code. */
  move(id: string, to: RowState): void {
    const row = this.row(id);
    if (row.state === to) return;
    if (!MOVES[row.state].includes(to)) throw new Error(`claimed row ${id}: ${row.state} → ${to} is not a move`);
    row.state = to;
  }

  /** The lease a write about the row names now. */
  leaseOf(id: string): string {
    return this.row(id).lease;
  }

  /** A write gave the row a new lease (a renewal, a hand-over that extended it). */
  renewed(id: string, lease: string, endsAt: number): void {
    const row = this.row(id);
    row.lease = lease;
    row.leaseEnds = endsAt;
  }

  /** Rows still held (every state but settled and lost), with their leases. */
  held(): Array<{ id: string; lease: string }> {
    return [...this.rows].filter(([, r]) => r.state !== 'settled' && r.state !== 'lost').map(([id, r]) => ({ id, lease: r.lease }));
  }

  /** When the first lease held ends (real time); infinity when none is held. */
  firstLeaseEnd(): number {
    let first = Number.POSITIVE_INFINITY;
    for (const r of this.rows.values()) if (r.state !== 'settled' && r.state !== 'lost' && r.leaseEnds < first) first = r.leaseEnds;
    return first;
  }

  leaseEndOf(id: string): number {
    const row = this.row(id);
    return row.state === 'settled' || row.state === 'lost' ? Number.POSITIVE_INFINITY : row.leaseEnds;
  }

  private row(id: string): Held {
    const row = this.rows.get(id);
    if (!row) throw new Error(`claimed row ${id} is not in this batch`);
    return row;
  }
}
