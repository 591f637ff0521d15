import { sendingWindowAdminText as t } from '@sira/shared/messages/sending-window';
import { HOLIDAYS_MAX, isCalendarDate, minutesOf, type SendingWindowSettings } from '@sira/shared/rules/sending-window';

/** What the form holds; holidays are typed one per line. */
export interface WindowDraft {
  days: string[];
  start: string;
  end: string;
  holidays: string;
}

/** Checks the draft as the server will; a problem per field, or the settings to save. */
export function readWindowDraft(
  draft: WindowDraft,
): { settings: SendingWindowSettings } | { problems: Partial<Record<keyof WindowDraft, string>> } {
  const problems: Partial<Record<keyof WindowDraft, string>> = {};
  if (draft.days.length === 0) problems.days = t.noDays;
  // An end before the start runs past midnight (22:00–02:00): only the same hour twice is no window.
  if (!draft.start || !draft.end || minutesOf(draft.end) === minutesOf(draft.start)) problems.end = t.badHours;
  const lines = draft.holidays
    .split(/[\s,،]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const bad = lines.filter((l) => !isCalendarDate(l));
  if (bad.length > 0) problems.holidays = t.badHolidays(bad.join('، '));
  else if (new Set(lines).size > HOLIDAYS_MAX) problems.holidays = t.tooManyHolidays(HOLIDAYS_MAX);
  if (Object.keys(problems).length > 0) return { problems };
  return {
    settings: {
      days: draft.days.map(Number).sort((a, b) => a - b),
      start: draft.start,
      end: draft.end,
      holidays: [...new Set(lines)].sort(),
    },
  };
}
