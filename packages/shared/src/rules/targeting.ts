/**
 * A send narrowed to some sectors and cities of the user's package directory. An empty list means every
 * value ("all", the default). The server schedules with the same rule in SQL (modules/sending/targeting.ts);
 * the send form counts with this one, over the per-(sector, city) counts the server gives.
 */
export interface Targeting {
  sectors: readonly string[];
  cities: readonly string[];
}

/** Companies not yet contacted, per sector and city of the package (GET /api/sending/targets). */
export interface TargetGroup {
  sector: string;
  city: string;
  count: number;
}

/**
 * Whom a send reaches (ADR 029): the package's directory, the user's own companies ("my companies"), or both.
 * Sectors and cities narrow the directory only: the user's own list is taken whole, it is their own choice.
 */
export const TARGET_SOURCES = ['directory', 'own_list', 'both'] as const;
export type TargetSource = (typeof TARGET_SOURCES)[number];

/** Where one delivery's recipient came from: the directory, the user's own list, or a job ad. */
export const DELIVERY_SOURCES = ['directory', 'own_list', 'job_ad'] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];

/** What a send request reached: a target source, or one job ad's address(es). */
export const JOB_SOURCES = [...TARGET_SOURCES, 'job_ad'] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

/**
 * The user's own companies a send may still take (GET /api/sending/targets, `own`): `count` in all, and those
 * of them also reachable in the directory per the directory's sector and city, so "both" counts each address once.
 */
export interface OwnTargets {
  count: number;
  alsoInDirectory: readonly TargetGroup[];
}

/** How many companies a send from `source` with this targeting takes (before the balance and the per-send limit). */
export function countFromSource(source: TargetSource, groups: readonly TargetGroup[], own: OwnTargets, targeting: Targeting): number {
  const directory = countMatching(groups, targeting);
  if (source === 'directory') return directory;
  if (source === 'own_list') return own.count;
  return directory + own.count - countMatching(own.alsoInDirectory, targeting);
}

export const ALL_TARGETS: Targeting = { sectors: [], cities: [] };

/** Most values a send may name in each list (a directory has a few dozen). */
export const TARGET_VALUES_MAX = 200;

const matches = (chosen: readonly string[], value: string) => chosen.length === 0 || chosen.includes(value);

/** How many not-yet-contacted companies a targeting matches. */
export function countMatching(groups: readonly TargetGroup[], targeting: Targeting): number {
  let n = 0;
  for (const g of groups) if (matches(targeting.sectors, g.sector) && matches(targeting.cities, g.city)) n += g.count;
  return n;
}

/**
 * Each value of one list with how many companies it would add given the other list's choice (a sector's
 * count within the chosen cities), in the directory's order of most companies first, then by name.
 */
export function valueCounts(
  groups: readonly TargetGroup[],
  of: 'sector' | 'city',
  targeting: Targeting,
): Array<{ value: string; count: number }> {
  const other = of === 'sector' ? targeting.cities : targeting.sectors;
  const counts = new Map<string, number>();
  for (const g of groups) {
    const value = of === 'sector' ? g.sector : g.city;
    const otherValue = of === 'sector' ? g.city : g.sector;
    counts.set(value, (counts.get(value) ?? 0) + (matches(other, otherValue) ? g.count : 0));
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'ar'));
}

/** True when the targeting narrows nothing. */
export const targetsAll = (targeting: Targeting) => targeting.sectors.length === 0 && targeting.cities.length === 0;
