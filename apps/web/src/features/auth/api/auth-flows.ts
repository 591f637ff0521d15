import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

// Signing in and registering happen on /login and /register, pages without React (src/static-page/account-forms).
export const checkResetToken = (token: string) => api<{ ok: true }>(`/api/auth/password-reset/${encodeURIComponent(token)}`);
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  api<{ ok: true }>('/api/auth/password-reset/confirm', { method: 'POST', json: body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
