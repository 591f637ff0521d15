import { DEFAULT_SENDING_WINDOW, type SendingWindowSettings, sendingWindowSchema } from '@sira/shared/schemas/sending-window';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { readSetting, writeSetting } from '../../lib/settings';
import type { Viewer } from '../../plugins/access';

/** Settings key of the admin's sending window (ADR 014). */
export const SENDING_WINDOW_KEY = 'sending_window';

/**
 * The admin's window. A stored value that no longer passes the rules (edited by hand) falls back to the
 * default whole: a window half of one and half of another could open at hours nobody chose.
 */
export async function readSendingWindow(db: Database): Promise<SendingWindowSettings> {
  const stored = await readSetting<unknown>(db, SENDING_WINDOW_KEY);
  const parsed = sendingWindowSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...DEFAULT_SENDING_WINDOW, days: [...DEFAULT_SENDING_WINDOW.days], holidays: [] };
}

/** Days and holidays are stored sorted and without repeats, so the audit's before/after compare plainly. */
export function normaliseWindow(window: SendingWindowSettings): SendingWindowSettings {
  return {
    days: [...new Set(window.days)].sort((a, b) => a - b),
    start: window.start,
    end: window.end,
    holidays: [...new Set(window.holidays)].sort(),
  };
}

export async function updateSendingWindow(db: Database, actor: Viewer, input: SendingWindowSettings): Promise<SendingWindowSettings> {
  const next = normaliseWindow(input);
  return db.transaction(async (tx) => {
    const before = await readSendingWindow(tx);
    await writeSetting(tx, SENDING_WINDOW_KEY, next);
    await recordAudit(tx, {
      actor,
      action: 'sending.window.update',
      entity: 'settings',
      entityId: SENDING_WINDOW_KEY,
      before,
      after: next,
    });
    return next;
  });
}
