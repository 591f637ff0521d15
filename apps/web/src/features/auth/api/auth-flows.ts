import { contract } from '@sira/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

// Signing in and registering happen on /login and /register, pages without React (src/static-page/account-forms).
export const checkResetToken = (token: string) => call(contract.auth.checkResetToken, { params: { token } });
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  call(contract.auth.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
