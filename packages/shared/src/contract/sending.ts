import { endpoint } from './endpoint';

/** Send jobs, deliveries and résumés (/send-resume, the dashboard); the admin's settings, logs and failed e-mails. */
export const sending = {
  compose: endpoint('GET', '/api/sending/compose', { response: { 200: 'sendingComposeSchema' } }),
  /** A multipart body with one `file` part. */
  uploadResume: endpoint('POST', '/api/sending/resumes', { kind: 'upload', response: { 201: 'uploadedResumeSchema' } }),
  renameResume: endpoint('PATCH', '/api/sending/resumes/:id', {
    params: 'idParamSchema',
    body: 'renameResumeInputSchema',
    response: { 200: 'renamedResumeSchema' },
  }),
  schedule: endpoint('POST', '/api/sending/jobs', { body: 'scheduleSendInputSchema', response: { 201: 'scheduledSendSchema' } }),
  plan: endpoint('GET', '/api/sending/plan', { query: 'sendPlanQuerySchema', response: { 200: 'sendPlanSchema' } }),
  status: endpoint('GET', '/api/sending/status', { response: { 200: 'sendingStatusSchema' } }),
  deliveries: endpoint('GET', '/api/sending/deliveries', { query: 'deliveriesQuerySchema', response: { 200: 'deliveryPageSchema' } }),
  resendFailed: endpoint('POST', '/api/sending/deliveries/resend', { response: { 200: 'resentFailedSchema' } }),
  targets: endpoint('GET', '/api/sending/targets', { response: { 200: 'sendTargetsSchema' } }),
  overview: endpoint('GET', '/api/sending/overview', { response: { 200: 'sendingOverviewSchema' } }),

  adminSettings: endpoint('GET', '/api/admin/sending/settings', { response: { 200: 'sendingSettingsSchema' } }),
  updateAdminSettings: endpoint('PUT', '/api/admin/sending/settings', {
    body: 'sendingSettingsInputSchema',
    response: { 200: 'sendingSettingsSchema' },
  }),
  adminWindow: endpoint('GET', '/api/admin/sending/window', { response: { 200: 'sendingWindowSchema' } }),
  updateAdminWindow: endpoint('PUT', '/api/admin/sending/window', {
    body: 'sendingWindowSchema',
    response: { 200: 'sendingWindowSchema' },
  }),
  adminPause: endpoint('GET', '/api/admin/sending/pause', { response: { 200: 'sendingPauseSchema' } }),
  updateAdminPause: endpoint('PUT', '/api/admin/sending/pause', {
    body: 'sendingPauseInputSchema',
    response: { 200: 'sendingPauseSchema' },
  }),
  adminLogs: endpoint('GET', '/api/admin/sending/logs', { query: 'sendingLogsQuerySchema', response: { 200: 'sendingLogPageSchema' } }),
  adminFailedEmails: endpoint('GET', '/api/admin/sending/failed-emails', {
    query: 'adminFailedEmailsQuerySchema',
    response: { 200: 'adminFailedEmailsPageSchema' },
  }),
} as const;
