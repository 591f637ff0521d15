import { formatNumber } from '@sira/shared';
import { auditFieldLabel, auditSettingLabels, auditAdminText as t } from '@sira/shared/messages/audit-admin';
import type { AuditEntry } from '@sira/shared/schemas/audit-admin';

/** One field of an audited row: its value before and after, as text, and whether it changed. */
export interface AuditField {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** HTML (a page's or a template's content) read as its text: tags are noise in a list of changes. */
const textOfHtml = (value: string) =>
  /<[a-z][^>]*>/i.test(value)
    ? value
        .replace(/<(br|\/p|\/h[1-6]|\/li|\/div)\b[^>]*>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : value;

/** A value as a person reads it: yes/no, lists joined, nested objects as "key: value" lines. */
export function readableValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'string') return textOfHtml(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((item) => readableValue(item) ?? '—').join('، ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${auditFieldLabel(key)}: ${readableValue(item) ?? '—'}`)
      .join('\n');
  return String(value);
}

/**
 * The fields of an entry's before and after, side by side, in the order the row has them; a snapshot that is
 * not an object (an import's summary as a number, say) is one field named «القيمة».
 */
export function auditFields(before: unknown, after: unknown): AuditField[] {
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return [
      {
        field: 'value',
        before: readableValue(before),
        after: readableValue(after),
        changed: JSON.stringify(before) !== JSON.stringify(after),
      },
    ];
  }
  const was = flatten((before ?? {}) as Record<string, unknown>);
  const is = flatten((after ?? {}) as Record<string, unknown>);
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return names.map((field) => ({
    field,
    before: before == null ? null : readableValue(was[field]),
    after: after == null ? null : readableValue(is[field]),
    changed: before != null && after != null && JSON.stringify(was[field]) !== JSON.stringify(is[field]),
  }));
}

/** A group of settings ({ delay: { batch_size } }) as its fields ('delay.batch_size'), so each is compared alone. */
function flatten(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).flatMap(([key, value]) =>
      isRecord(value) ? Object.entries(value).map(([inner, item]) => [`${key}.${inner}`, item]) : [[key, value]],
    ),
  );
}

/**
 * What an entry is about, by name: the row's own name, title, e-mail or file (as it was, for a deletion), or
 * the setting its key names. Null when the snapshot names nothing; the id is then all there is.
 */
export function auditItemName(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'before' | 'after'>): string | null {
  if (entry.entity === 'settings' && entry.entityId) return auditSettingLabels[entry.entityId] ?? null;
  for (const snapshot of [entry.after, entry.before]) {
    if (!isRecord(snapshot)) continue;
    for (const key of ['name', 'title', 'email', 'filename']) {
      const value = snapshot[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return null;
}

/** Past this many characters a value is named, not quoted, in the row's summary. */
const SHORT = 40;
/** Changes the row lists before "and n more". */
const LISTED = 3;

/**
 * What an update changed, for the log's row: "الرصيد: 10 ← 25", a long value by its field's name alone, at
 * most three, then how many more. A creation or a deletion names its item instead (auditItemName), so: [].
 */
export function auditChangeSummary(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  if (entry.before == null || entry.after == null) return [];
  const changed = auditFields(entry.before, entry.after).filter((f) => f.changed);
  if (changed.length === 0) return [t.noChange];
  const lines = changed.slice(0, LISTED).map((f) => {
    const label = auditFieldLabel(f.field);
    const before = f.before ?? t.nothing;
    const after = f.after ?? t.nothing;
    return before.length > SHORT || after.length > SHORT || /\n/.test(before + after)
      ? t.changedField(label)
      : t.change(label, before, after);
  });
  return changed.length > LISTED ? [...lines, t.moreChanges(changed.length - LISTED)] : lines;
}
