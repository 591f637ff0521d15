import type { AuditPage, AuditQuery } from '@sira/shared/schemas/audit-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type AuditFilters = Omit<AuditQuery, 'page'>;

export const getAuditLog = (page: number, filters: AuditFilters = {}) => {
  const query = new URLSearchParams({ page: String(page) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  return api<AuditPage>(`/api/admin/audit?${query}`);
};

/** Every successful write marks ['admin', 'audit'] stale (config/query-client.ts), so the log is fresh when the tab opens. */
export const auditLogQueryOptions = (page: number, filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: () => getAuditLog(page, filters),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number, filters: AuditFilters = {}) => useQuery(auditLogQueryOptions(page, filters));
