import { auditAdminText as t } from '@sira/shared/messages/audit-admin';

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
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((item) => readableValue(item) ?? '—').join('، ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${readableValue(item) ?? '—'}`)
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
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return names.map((field) => ({
    field,
    before: before == null ? null : readableValue(was[field]),
    after: after == null ? null : readableValue(is[field]),
    changed: before != null && after != null && JSON.stringify(was[field]) !== JSON.stringify(is[field]),
  }));
}
