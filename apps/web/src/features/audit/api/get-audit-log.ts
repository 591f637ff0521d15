import { contract } from '@sira/shared/contract';
import type { AuditQuery } from '@sira/shared/schemas/audit-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '~/lib/api-client';

export type AuditFilters = Omit<AuditQuery, 'cursor'>;

/** `cursor`: one of the last answer's (the log is paged by key); undefined for the newest entries. */
export const getAuditLog = (cursor: string | undefined, filters: AuditFilters = {}) => {
  // A filter left empty is not sent: the server would read '' as a value.
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
  return call(contract.audit.log, { query: { cursor, ...given } });
};

/** Every successful write marks ['admin', 'audit'] stale (config/query-client.ts), so the log is fresh when the tab opens. */
export const auditLogQueryOptions = (cursor: string | undefined, filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: ['admin', 'audit', cursor ?? null, filters],
    queryFn: () => getAuditLog(cursor, filters),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (cursor: string | undefined, filters: AuditFilters = {}) => useQuery(auditLogQueryOptions(cursor, filters));
