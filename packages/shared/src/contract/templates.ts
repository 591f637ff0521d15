import { endpoint } from './endpoint';

/** The admin's message templates (users read theirs through `sending.compose`). */
export const templates = {
  adminList: endpoint('GET', '/api/admin/templates', { response: { 200: 'adminTemplateListSchema' } }),
  create: endpoint('POST', '/api/admin/templates', { body: 'templateInputSchema', response: { 201: 'adminTemplateSavedSchema' } }),
  update: endpoint('PUT', '/api/admin/templates/:id', {
    params: 'idParamSchema',
    body: 'templateInputSchema',
    response: { 200: 'adminTemplateSavedSchema' },
  }),
  remove: endpoint('DELETE', '/api/admin/templates/:id', { params: 'idParamSchema' }),
} as const;
