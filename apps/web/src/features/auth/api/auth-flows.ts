import type { RegisterBody, SessionUser, SignInBody } from '@sira/shared';
import type { Registered } from '@sira/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { sessionQueryOptions } from '~/lib/session';

/** `confirmationSent` is false when the mail server refused the confirmation e-mail: the page offers to resend it. */
export const register = (body: RegisterBody) => api<Registered>('/api/auth/register', { method: 'POST', json: body });
export const resendConfirmation = (email: string) => api<{ ok: true }>('/api/auth/confirmation', { method: 'POST', json: { email } });
export const signIn = (body: SignInBody) => api<{ user: SessionUser }>('/api/auth/sign-in', { method: 'POST', json: body });
export const requestPasswordReset = (email: string) => api<{ ok: true }>('/api/auth/password-reset', { method: 'POST', json: { email } });
export const checkResetToken = (token: string) => api<{ ok: true }>(`/api/auth/password-reset/${encodeURIComponent(token)}`);
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api<{ ok: true }>('/api/auth/password-reset/confirm', { method: 'POST', json: body });

export const useRegister = () => useMutation({ mutationFn: register });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** Signs in and records the new session, so the header and guards see it at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, { user });
    },
  });
}
