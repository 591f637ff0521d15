import { templatesAdminMessage } from '@sira/shared/messages/templates-admin';
import { ApiRequestError } from '~/lib/api-client';

/** A rule the server refused shows its own text; anything else shows the action's failure text. */
export function templateErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError && templatesAdminMessage(error.code)) || fallback;
}

/** The visible text of sanitised HTML, for a one-line preview (rendered as text, never as HTML). */
export function htmlPreview(html: string, max = 90): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The character references a sanitised template carries (`&amp;`, `&#1587;`, `&#x633;`), as the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
