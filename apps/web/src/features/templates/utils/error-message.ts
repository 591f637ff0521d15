import { templatesAdminMessage } from '@sira/shared/messages/templates-admin';
import { ApiRequestError } from '~/lib/api-client';

/** A rule the server refused shows its own text; anything else shows the action's failure text. */
export function templateErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError && templatesAdminMessage(error.code)) || fallback;
}

/** The visible text of sanitised HTML, for a one-line preview (rendered as text, never as HTML). */
export function htmlPreview(html: string, max = 90): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
