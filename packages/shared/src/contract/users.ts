import { endpoint } from './endpoint';

/** The signed-in user's account and data, undoing an e-mail change, and the admin's users and retention tabs. */
export const users = {
  me: endpoint('GET', '/api/users/me', { response: { 200: 'profileOverviewSchema' } }),
  updateApplicant: endpoint('PUT', '/api/users/me/applicant', { body: 'applicantNameBodySchema', response: { 200: 'applicantSchema' } }),
  signIns: endpoint('GET', '/api/users/me/sign-ins', { response: { 200: 'signInListSchema' } }),
  signOutOthers: endpoint('POST', '/api/users/me/sign-out-others', { response: { 200: 'signedOutOthersSchema' } }),
  retentionNotice: endpoint('GET', '/api/users/me/retention', { response: { 200: 'retentionNoticeSchema' } }),

  latestDataExport: endpoint('GET', '/api/users/me/data-exports', { response: { 200: 'latestDataExportSchema' } }),
  /** 201 when a new copy is being made, 200 with the one already under way. */
  requestDataExport: endpoint('POST', '/api/users/me/data-exports', { response: { 200: 'dataExportSchema', 201: 'dataExportSchema' } }),
  /** The copy's zip file, downloaded by a link. */
  dataExportFile: endpoint('GET', '/api/users/me/data-exports/:id/file', { kind: 'download', params: 'idParamSchema' }),
  updatePhone: endpoint('PUT', '/api/users/me/phone', { body: 'phoneBodySchema', response: { 200: 'phoneAnswerSchema' } }),
  changeEmail: endpoint('POST', '/api/users/me/email-change', {
    body: 'emailChangeBodySchema',
    response: { 200: 'emailChangeAnswerSchema' },
  }),
  deleteAccount: endpoint('POST', '/api/users/me/deletion', {
    body: 'accountDeletionBodySchema',
    response: { 200: 'accountDeletionAnswerSchema' },
  }),

  /** The page of the undo link mailed to the old address (public: the token is the credential). */
  emailChangeUndo: endpoint('GET', '/api/users/email-change-undo/:token', {
    params: 'emailChangeUndoParamsSchema',
    response: { 200: 'emailChangeUndoViewSchema' },
  }),
  undoEmailChange: endpoint('POST', '/api/users/email-change-undo/:token', {
    params: 'emailChangeUndoParamsSchema',
    response: { 200: 'emailChangeUndoneSchema' },
  }),

  adminList: endpoint('GET', '/api/admin/users', { query: 'adminUsersQuerySchema', response: { 200: 'adminUserListSchema' } }),
  adminUpdate: endpoint('PATCH', '/api/admin/users/:id', {
    params: 'adminUserParamsSchema',
    body: 'adminUserUpdateSchema',
    response: { 200: 'adminUserRowSchema' },
  }),
  adminRetention: endpoint('GET', '/api/admin/retention', { response: { 200: 'retentionSettingsSchema' } }),
  updateAdminRetention: endpoint('PUT', '/api/admin/retention', {
    body: 'retentionSettingsSchema',
    response: { 200: 'retentionSettingsSchema' },
  }),
} as const;
