import { contract } from '@sira/shared/contract';
import type { AuditQuery } from '@sira/shared/schemas/audit-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export type AuditFilters = Omit<AuditQuery, 'page'>;

export const getAuditLog = (page: number, filters: AuditFilters = {}) => {
  // A filter left empty is not sent: the server would read '' as a value.
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
  return call(contract.audit.log, { query: { page, ...given } });
};

/** Every successful write marks ['admin', 'audit'] stale (config/query-client.ts), so the log is fresh when the tab opens. */
export const auditLogQueryOptions = (page: number, filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: () => getAuditLog(page, filters),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number, filters: AuditFilters = {}) => useQuery(auditLogQueryOptions(page, filters));
