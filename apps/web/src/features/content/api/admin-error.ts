import { contentAdminMessage } from '@sira/shared/messages/content-admin';
import { ApiRequestError } from '~/lib/api-client';

/** A rule the server refused shows its own text; anything else shows the action's failure text (spec §8). */
export function contentAdminErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError && contentAdminMessage(error.code)) || fallback;
}
