import { SENDING_PAUSE_REASONS, type SendingPause } from '@sira/shared/schemas/sending-admin';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { EventBus } from '../../lib/event-bus';
import { readSetting, writeSetting } from '../../lib/settings';
import type { Viewer } from '../../plugins/access';

/**
 * The switch that pauses all sending (ADR 019): an administrator's, for an incident, or set by itself when the
 * database was restored or copied (restored-database.ts). While it is on, or while SENDING_PAUSED is set,
 * workers claim nothing and give back what they had claimed; scheduling goes on and the rows wait.
 */

/** Settings key of the switch. */
export const SENDING_PAUSE_KEY = 'sending_pause';

export type SendingPauseReason = (typeof SENDING_PAUSE_REASONS)[number];

export interface StoredPause {
  paused: boolean;
  reason: SendingPauseReason;
  /** ISO 8601: when it was last turned. */
  at: string;
  /** The administrator's address, or the command that turned it. */
  by: string;
  /** After a restore: deliveries that were being sent in the copy, settled as failed. */
  interrupted: number;
}

/** The switch as stored; a value edited by hand reads as paused only when it says `"paused": true`. */
export async function readSendingPause(db: Database): Promise<StoredPause | null> {
  const stored = await readSetting<Partial<StoredPause> | null>(db, SENDING_PAUSE_KEY);
  if (!stored || typeof stored !== 'object') return null;
  return {
    paused: stored.paused === true,
    reason: SENDING_PAUSE_REASONS.includes(stored.reason as SendingPauseReason) ? (stored.reason as SendingPauseReason) : 'admin',
    at: typeof stored.at === 'string' ? stored.at : new Date(0).toISOString(),
    by: typeof stored.by === 'string' ? stored.by : '',
    interrupted: typeof stored.interrupted === 'number' ? stored.interrupted : 0,
  };
}

/** Whether sending is paused: SENDING_PAUSED wins over the switch. */
export async function isSendingPaused(db: Database, environment: boolean): Promise<boolean> {
  return environment || (await readSendingPause(db))?.paused === true;
}

/** The admin panel's view: the switch, the environment, and what waits. */
export async function readSendingPauseState(db: Database, environment: boolean): Promise<SendingPause> {
  const [stored, [waiting]] = await Promise.all([
    readSendingPause(db),
    db
      .execute(sql`
        select count(*)::int as messages, count(distinct profile_id)::int as users
        from deliveries where status in ('pending', 'sending')`)
      .then((result) => rowsOf<{ messages: number; users: number }>(result)),
  ]);
  return {
    paused: environment || stored?.paused === true,
    environment,
    switch: {
      paused: stored?.paused === true,
      reason: stored?.reason ?? null,
      at: stored?.at ?? null,
      by: stored?.by || null,
      interrupted: stored?.paused && stored.reason === 'restored' ? stored.interrupted : 0,
    },
    waiting: { messages: waiting?.messages ?? 0, users: waiting?.users ?? 0 },
  };
}

export interface PauseDeps {
  db: Database;
  events: EventBus;
  /** SENDING_PAUSED on this process. */
  environment: boolean;
}

/**
 * The administrator turns the switch; audited with who and when. Turning it to where it already is changes
 * nothing and records nothing. Workers see it at their next pass (within a second or so) and the dashboards
 * of the users whose messages wait are told.
 */
export async function setSendingPause(deps: PauseDeps, actor: Viewer, paused: boolean): Promise<SendingPause> {
  const changed = await deps.db.transaction(async (tx) => {
    // The row is locked so that two administrators' clicks, or a restore's pause, apply one after the other.
    await tx.execute(sql`select 1 from settings where key = ${SENDING_PAUSE_KEY} for update`);
    const before = await readSendingPause(tx);
    if ((before?.paused ?? false) === paused) return false;
    const after: StoredPause = { paused, reason: 'admin', at: new Date().toISOString(), by: actor.email, interrupted: 0 };
    await writeSetting(tx, SENDING_PAUSE_KEY, after);
    await recordAudit(tx, {
      actor,
      action: paused ? 'sending.pause' : 'sending.resume',
      entity: 'settings',
      entityId: SENDING_PAUSE_KEY,
      before,
      after,
    });
    return true;
  });
  if (changed) await announcePauseChange(deps.db, deps.events);
  return readSendingPauseState(deps.db, deps.environment);
}

/** The users whose messages wait are told (their dashboards re-read the status; workers look again at once). */
export async function announcePauseChange(db: Database, events: EventBus): Promise<void> {
  const waiting = rowsOf<{ profile_id: string }>(
    await db.execute(sql`select distinct profile_id from deliveries where status in ('pending', 'sending')`),
  );
  for (const { profile_id } of waiting) events.publish({ topic: 'sending', profileId: profile_id });
}
