import { endpoint } from './endpoint';

/** The user's linked mailboxes (Gmail, Microsoft, SMTP), and the admin's Google OAuth client settings. */
export const mailbox = {
  /** `verify=true` checks the link with Google first. */
  status: endpoint('GET', '/api/mailbox', { query: 'mailboxStatusQuerySchema', response: { 200: 'mailboxStatusSchema' } }),
  connect: endpoint('POST', '/api/mailbox/connect', { response: { 200: 'mailboxConnectSchema' } }),
  /** Where Google sends the browser back after the consent; it redirects to /send-resume (or /login). */
  callback: endpoint('GET', '/api/mailbox/callback', { kind: 'redirect', query: 'mailboxCallbackQuerySchema' }),
  unlink: endpoint('DELETE', '/api/mailbox'),

  // Several mailboxes (ADR 030): the list, choosing the one sends go from, unlinking any; Microsoft over OAuth
  // (its callback as registered with Azure, docs/deploy.md); any other provider over SMTP.
  list: endpoint('GET', '/api/mailboxes', { response: { 200: 'mailboxListSchema' } }),
  choose: endpoint('POST', '/api/mailboxes/:id/choose', { params: 'mailboxIdParamsSchema' }),
  unlinkOne: endpoint('DELETE', '/api/mailboxes/:id', { params: 'mailboxIdParamsSchema' }),
  /** Tests a linked SMTP mailbox's stored settings again (nothing is sent). */
  testOne: endpoint('POST', '/api/mailboxes/:id/test', { params: 'mailboxIdParamsSchema', response: { 200: 'smtpTestResultSchema' } }),
  microsoftConnect: endpoint('POST', '/api/mailbox/microsoft/connect', { response: { 200: 'mailboxConnectSchema' } }),
  /** Where Microsoft sends the browser back after the consent; it redirects to /send-resume (or /login). */
  microsoftCallback: endpoint('GET', '/api/mailbox/microsoft/callback', { kind: 'redirect', query: 'mailboxCallbackQuerySchema' }),
  smtpPresets: endpoint('GET', '/api/mailbox/smtp/presets', { response: { 200: 'smtpPresetListSchema' } }),
  /** "Test connection": logs in and quits, sends nothing. */
  smtpTest: endpoint('POST', '/api/mailbox/smtp/test', { body: 'smtpMailboxInputSchema', response: { 200: 'smtpTestResultSchema' } }),
  /**
   * Tests the settings the same way, then links the mailbox (the app password sealed) and chooses it; 422 with
   * the test's outcome when they do not work (nothing is stored).
   */
  smtpLink: endpoint('POST', '/api/mailbox/smtp', {
    body: 'smtpMailboxInputSchema',
    response: { 201: 'linkedMailboxIdSchema', 422: 'smtpTestResultSchema' },
  }),

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
