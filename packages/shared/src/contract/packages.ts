import { endpoint } from './endpoint';

/** The packages on sale (/pricing, public) and the admin's packages tab. */
export const packages = {
  cards: endpoint('GET', '/api/packages', { response: { 200: 'packageCardListSchema' } }),
  adminList: endpoint('GET', '/api/admin/packages', { response: { 200: 'adminPackageListSchema' } }),
  adminCreate: endpoint('POST', '/api/admin/packages', { body: 'adminPackageCreateSchema', response: { 201: 'adminPackageSchema' } }),
  adminUpdate: endpoint('PATCH', '/api/admin/packages/:id', {
    params: 'idParamSchema',
    body: 'adminPackageUpdateSchema',
    response: { 200: 'adminPackageSchema' },
  }),
  adminRemove: endpoint('DELETE', '/api/admin/packages/:id', { params: 'idParamSchema' }),
} as const;
