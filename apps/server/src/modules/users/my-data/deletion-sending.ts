import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client';
import { deliveries, userGmail, userMailboxes } from '../../../db/schema';
import type { EventBus } from '../../../lib/event-bus';

/** How long a deletion waits, at most, for the workers to settle the deliveries in their hands (ADR 015). */
export const HAND_BACK_WAIT_MS = 20_000;
/** Events may be missed (another host's bus): the deletion looks again this often all the same. */
const LOOK_AGAIN_MS = 250;

/**
 * Stops the account's sending before its deliveries are counted, so that the deletion counts as cancelled
 * exactly those that never went (ADR 015):
 * - the Gmail link goes (its grant was just revoked): no worker claims for the account again;
 * - deliveries a worker claimed but has not handed to the provider come back at once: its hand-over names a
 *   lease they no longer hold, so it skips them (ADR 008, "Leases");
 * - the workers hear of the unlink as of any other (a 'mailbox' event): before its next call a worker gives
 *   back the deliveries it handed over ahead and has not sent, and records the answer of the one on the wire.
 * Then it waits, up to `waitMs`, for no delivery of the account to be in a worker's hands, and returns how
 * many still are (a worker that died holds them until their lease runs out; one may still be on the wire).
 */
export async function stopAccountSending(deps: { db: Database; events: EventBus }, profileId: string, waitMs: number): Promise<number> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(userMailboxes)
      .set({ credential: null, accessToken: null, tokenExpiry: null, chosen: false, unlinkedAt: sql`now()` })
      .where(eq(userMailboxes.profileId, profileId));
    await tx.delete(userGmail).where(eq(userGmail.profileId, profileId));
    await tx
      .update(deliveries)
      .set({ status: 'held', senderEmail: null, senderProvider: null, leaseExpiresAt: null })
      .where(and(eq(deliveries.profileId, profileId), eq(deliveries.status, 'sending'), isNull(deliveries.providerMessageId)));
  });
  deps.events.publish({ topic: 'mailbox', profileId });
  return waitForWorkers(deps, profileId, waitMs);
}

/** The account's deliveries in a worker's hands ('sending'), once none are or `waitMs` has passed. */
async function waitForWorkers(deps: { db: Database; events: EventBus }, profileId: string, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs;
  let wake = () => {};
  // A worker announces the rows it settles or gives back ('sending' events, coalesced).
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.profileId === profileId && event.topic === 'sending') wake();
  });
  try {
    for (;;) {
      const held = await inWorkersHands(deps.db, profileId);
      const left = deadline - Date.now();
      if (held === 0 || left <= 0) return held;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, LOOK_AGAIN_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    unsubscribe();
  }
}

async function inWorkersHands(db: Database, profileId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from deliveries where profile_id = ${profileId} and status = 'sending'`),
  );
  return row?.n ?? 0;
}
