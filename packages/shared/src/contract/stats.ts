import { endpoint } from './endpoint';

/** The admin header's four figures. */
export const stats = {
  admin: endpoint('GET', '/api/admin/stats', { response: { 200: 'adminStatsSchema' } }),
} as const;
