import { endpoint } from './endpoint';

/** The admin's audit log. */
export const audit = {
  log: endpoint('GET', '/api/admin/audit', { query: 'auditQuerySchema', response: { 200: 'auditPageSchema' } }),
} as const;
