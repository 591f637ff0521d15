import type { AuditPage } from '@sira/shared/schemas/audit-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const getAuditLog = (page: number) => api<AuditPage>(`/api/admin/audit?page=${page}`);

/** Every successful write marks ['admin', 'audit'] stale (config/query-client.ts), so the log is fresh when the tab opens. */
export const auditLogQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'audit', page], queryFn: () => getAuditLog(page), placeholderData: keepPreviousData });

export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page));
