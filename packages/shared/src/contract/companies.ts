import { endpoint } from './endpoint';

/** The company directory and its Excel import (admin), and a company's opt-out: its public page and the admin's side. */
export const companies = {
  list: endpoint('GET', '/api/admin/companies', { query: 'adminCompaniesQuerySchema', response: { 200: 'adminCompaniesPageSchema' } }),
  packages: endpoint('GET', '/api/admin/companies/packages', { response: { 200: 'companyPackageOptionListSchema' } }),
  create: endpoint('POST', '/api/admin/companies', { body: 'adminCompanyBodySchema', response: { 201: 'adminCompanySchema' } }),
  update: endpoint('PUT', '/api/admin/companies/:id', {
    params: 'idParamSchema',
    body: 'adminCompanyBodySchema',
    response: { 200: 'adminCompanySchema' },
  }),
  remove: endpoint('DELETE', '/api/admin/companies/:id', { params: 'idParamSchema' }),
  /**
   * A multipart body (`file`, optional `defaultPackageId`). Asked for as `application/x-ndjson`, the answer is
   * lines of progress and then `{ result }` (companies.admin-routes.ts); otherwise the result alone.
   */
  import: endpoint('POST', '/api/admin/companies/import', { kind: 'upload', response: { 200: 'companiesImportResultSchema' } }),

  adminOptOuts: endpoint('GET', '/api/admin/companies/opt-outs', { response: { 200: 'adminOptOutListSchema' } }),
  decideOptOutRequest: endpoint('POST', '/api/admin/companies/opt-out-requests/:id/decision', {
    params: 'idParamSchema',
    body: 'requestDecisionSchema',
  }),
  undoOptOutRequest: endpoint('POST', '/api/admin/companies/opt-out-requests/:id/undo', { params: 'idParamSchema' }),
  liftOptOut: endpoint('DELETE', '/api/admin/companies/opt-outs/:id', { params: 'idParamSchema' }),

  /** The page of an opt-out link (public: the token is the credential). */
  optOut: endpoint('GET', '/api/opt-out/:token', { params: 'optOutTokenParamsSchema', response: { 200: 'optOutViewSchema' } }),
  chooseOptOut: endpoint('POST', '/api/opt-out/:token', {
    params: 'optOutTokenParamsSchema',
    body: 'optOutChoiceSchema',
    response: { 200: 'optOutViewSchema' },
  }),
  /** The confirmation mailed to the company's address (public). */
  optOutConfirmation: endpoint('GET', '/api/opt-out/confirm/:token', {
    params: 'optOutTokenParamsSchema',
    response: { 200: 'optOutConfirmationViewSchema' },
  }),
  confirmOptOut: endpoint('POST', '/api/opt-out/confirm/:token', {
    params: 'optOutTokenParamsSchema',
    response: { 200: 'optOutConfirmationViewSchema' },
  }),
} as const;
