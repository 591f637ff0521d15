import { endpoint } from './endpoint';

/** Who is signed in, and the account forms (/login, /register, /reset-password). */
export const auth = {
  session: endpoint('GET', '/api/auth/session', { response: { 200: 'sessionSchema' } }),
  register: endpoint('POST', '/api/auth/register', { body: 'registerBodySchema', response: { 201: 'registeredSchema' } }),
  signIn: endpoint('POST', '/api/auth/sign-in', { body: 'signInBodySchema', response: { 200: 'signedInSchema' } }),
  requestPasswordReset: endpoint('POST', '/api/auth/password-reset', { body: 'resetRequestBodySchema', response: { 200: 'okSchema' } }),
  resendConfirmation: endpoint('POST', '/api/auth/confirmation', { body: 'confirmationRequestBodySchema', response: { 200: 'okSchema' } }),
  checkResetToken: endpoint('GET', '/api/auth/password-reset/:token', { params: 'resetTokenParamsSchema', response: { 200: 'okSchema' } }),
  resetPassword: endpoint('POST', '/api/auth/password-reset/confirm', { body: 'resetPasswordBodySchema', response: { 200: 'okSchema' } }),
  /** better-auth's sign-out: it ends the session and clears the cookie. */
  signOut: endpoint('POST', '/api/auth/sign-out', {
    servedBy: 'better-auth',
    body: 'signOutBodySchema',
    response: { 200: 'signedOutSchema' },
  }),
} as const;
