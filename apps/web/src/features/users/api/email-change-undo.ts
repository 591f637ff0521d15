import type { EmailChangeUndone, EmailChangeUndoView } from '@sira/shared/schemas/email-change-undo';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** Undoing an e-mail change from the link mailed to the old address (ADR 012): the token is the only credential. */

const url = (token: string) => `/api/users/email-change-undo/${encodeURIComponent(token)}`;

export const emailChangeUndoQuery = (token: string) =>
  queryOptions({ queryKey: ['email-change-undo', token], queryFn: () => api<EmailChangeUndoView>(url(token)), retry: false });

export function useEmailChangeUndo(token: string) {
  return useQuery(emailChangeUndoQuery(token));
}

export function useUndoEmailChange(token: string) {
  return useMutation({ mutationFn: () => api<EmailChangeUndone>(url(token), { method: 'POST' }) });
}
