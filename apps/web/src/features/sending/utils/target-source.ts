import {
  countFromSource,
  type DeliverySource,
  type JobSource,
  PACKAGE_COMPANY_LIMIT,
  type Targeting,
  type TargetSource,
} from '@sira/shared';
import type { SendingCompose, SendTargets } from '@sira/shared/schemas/sending';

/** Where a company of the dashboard's record came from (ADR 029). */
export const deliverySourceLabel: Record<DeliverySource, string> = {
  directory: 'الدليل',
  own_list: 'قائمتي',
  job_ad: 'إعلان وظيفة',
};

/** Whom a send reached, under its subject on the dashboard. */
export const jobSourceLabel: Record<JobSource, string> = {
  directory: 'الدليل',
  own_list: 'قائمتي',
  both: 'الدليل وقائمتي',
  job_ad: 'إعلان وظيفة',
};

/** The package includes "my companies", or the user still has some of them to write to: whom a send reaches is theirs to choose. */
export const offersSourceChoice = (compose: Pick<SendingCompose, 'ownCompaniesRemaining' | 'ownListAllowed'>) =>
  compose.ownCompaniesRemaining > 0 || compose.ownListAllowed;

/**
 * How many companies a send from `source`, narrowed this way, reaches: those it takes (an address on both
 * lists once), up to the balance and a send's limit.
 */
export function sourceReceivingCount(source: TargetSource, targets: SendTargets, targeting: Targeting, balance: number): number {
  return Math.min(countFromSource(source, targets.groups, targets.own, targeting), balance, PACKAGE_COMPANY_LIMIT);
}

/**
 * The companies a send from `source` may still take, all of them (before the balance and a send's limit):
 * counted from the targets when they are loaded, else from compose's totals (an address on both lists then
 * counted twice until they are).
 */
export function remainingFromSource(
  source: TargetSource,
  compose: Pick<SendingCompose, 'companiesRemaining' | 'ownCompaniesRemaining'>,
  targets: SendTargets | undefined,
): number {
  if (source === 'directory') return compose.companiesRemaining;
  if (source === 'own_list') return compose.ownCompaniesRemaining;
  return targets
    ? countFromSource('both', targets.groups, targets.own, { sectors: [], cities: [] })
    : compose.companiesRemaining + compose.ownCompaniesRemaining;
}
