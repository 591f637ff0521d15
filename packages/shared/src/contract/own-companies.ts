import { endpoint } from './endpoint';

/** "My companies": the user's own list, its uploads and suggestions; the admin's review of suggestions (ADR 029). */
export const ownCompanies = {
  summary: endpoint('GET', '/api/my-companies/summary', { response: { 200: 'ownCompaniesSummarySchema' } }),
  list: endpoint('GET', '/api/my-companies', { query: 'ownCompaniesQuerySchema', response: { 200: 'ownCompaniesPageSchema' } }),
  create: endpoint('POST', '/api/my-companies', { body: 'ownCompanyBodySchema', response: { 201: 'ownCompanySchema' } }),
  update: endpoint('PUT', '/api/my-companies/:id', {
    params: 'idParamSchema',
    body: 'ownCompanyBodySchema',
    response: { 200: 'ownCompanySchema' },
  }),
  remove: endpoint('DELETE', '/api/my-companies/:id', { params: 'idParamSchema' }),
  /**
   * A multipart body (`file`). Asked for as `application/x-ndjson`, the answer is lines of progress and then
   * `{ result }`, as the admin import's; otherwise the result alone.
   */
  import: endpoint('POST', '/api/my-companies/import', { kind: 'upload', response: { 200: 'ownCompaniesImportResultSchema' } }),
  uploads: endpoint('GET', '/api/my-companies/uploads', { response: { 200: 'ownUploadListSchema' } }),
  suggest: endpoint('POST', '/api/my-companies/suggest', {
    body: 'ownCompaniesSuggestSchema',
    response: { 200: 'ownCompaniesSuggestedSchema' },
  }),

  adminSuggestions: endpoint('GET', '/api/admin/companies/suggestions', { response: { 200: 'companySuggestionListSchema' } }),
  decideSuggestions: endpoint('POST', '/api/admin/companies/suggestions/decision', {
    body: 'companySuggestionDecisionSchema',
    response: { 200: 'companySuggestionOutcomeSchema' },
  }),
} as const;
