import { endpoint } from './endpoint';

/** The user's linked Gmail, and the admin's OAuth client settings. */
export const mailbox = {
  /** `verify=true` checks the link with Google first. */
  status: endpoint('GET', '/api/mailbox', { query: 'mailboxStatusQuerySchema', response: { 200: 'mailboxStatusSchema' } }),
  connect: endpoint('POST', '/api/mailbox/connect', { response: { 200: 'mailboxConnectSchema' } }),
  /** Where Google sends the browser back after the consent; it redirects to /send-resume (or /login). */
  callback: endpoint('GET', '/api/mailbox/callback', { kind: 'redirect', query: 'mailboxCallbackQuerySchema' }),
  unlink: endpoint('DELETE', '/api/mailbox'),

  adminSettings: endpoint('GET', '/api/admin/mailbox/settings', { response: { 200: 'gmailSettingsSchema' } }),
  updateAdminSettings: endpoint('PUT', '/api/admin/mailbox/settings', {
    body: 'gmailSettingsInputSchema',
    response: { 200: 'gmailSettingsSchema' },
  }),
  testAdminClient: endpoint('POST', '/api/admin/mailbox/settings/test', {
    body: 'gmailClientTestSchema',
    response: { 200: 'gmailClientTestResultSchema' },
  }),
} as const;
