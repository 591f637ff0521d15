import { endpoint } from './endpoint';

/** The public footer and content pages, and the admin's pages and footer tabs. */
export const content = {
  footer: endpoint('GET', '/api/content/footer', { response: { 200: 'footerSchema' } }),
  page: endpoint('GET', '/api/content/pages/:slug', { params: 'pageSlugParamsSchema', response: { 200: 'pageSchema' } }),

  adminPages: endpoint('GET', '/api/admin/pages', { response: { 200: 'adminPageListSchema' } }),
  updatePage: endpoint('PUT', '/api/admin/pages/:id', {
    params: 'idParamSchema',
    body: 'pageInputSchema',
    response: { 200: 'adminPageSavedSchema' },
  }),
  adminFooter: endpoint('GET', '/api/admin/footer', { response: { 200: 'adminFooterSchema' } }),
  updateFooterContact: endpoint('PUT', '/api/admin/footer/contact', {
    body: 'footerContactSchema',
    response: { 200: 'footerContactSchema' },
  }),
  updateSocialLinks: endpoint('PUT', '/api/admin/footer/social', { body: 'socialLinksSchema', response: { 200: 'socialLinksSchema' } }),
  createFooterSection: endpoint('POST', '/api/admin/footer/sections', {
    body: 'footerSectionInputSchema',
    response: { 201: 'adminFooterSectionSchema' },
  }),
  updateFooterSection: endpoint('PUT', '/api/admin/footer/sections/:id', {
    params: 'idParamSchema',
    body: 'footerSectionInputSchema',
    response: { 200: 'adminFooterSectionSchema' },
  }),
  removeFooterSection: endpoint('DELETE', '/api/admin/footer/sections/:id', { params: 'idParamSchema' }),
  createFooterLink: endpoint('POST', '/api/admin/footer/links', {
    body: 'footerLinkInputSchema',
    response: { 201: 'adminFooterLinkSchema' },
  }),
  updateFooterLink: endpoint('PUT', '/api/admin/footer/links/:id', {
    params: 'idParamSchema',
    body: 'footerLinkInputSchema',
    response: { 200: 'adminFooterLinkSchema' },
  }),
  removeFooterLink: endpoint('DELETE', '/api/admin/footer/links/:id', { params: 'idParamSchema' }),
} as const;
