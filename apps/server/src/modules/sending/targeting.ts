import type { OwnTargets, TargetGroup, Targeting } from '@sira/shared';
import type { SendTargets } from '@sira/shared/schemas/sending';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { stillReachable } from './contacted';

/**
 * Targeting on the server (rules/targeting.ts): the sectors and cities a send is narrowed to, and the counts
 * /send-resume shows while the user chooses. The form counts from the groups given here with the shared
 * rule; scheduling filters with targetFilter, the same rule in SQL, so the number shown is the number sent
 * (up to the balance).
 */

/** The user's choice, each list without repeats; absent means every company. */
export function chosenTargets(input: { sectors?: readonly string[]; cities?: readonly string[] } | undefined): Targeting {
  return { sectors: [...new Set(input?.sectors ?? [])], cities: [...new Set(input?.cities ?? [])] };
}

/** The companies (alias `c`) a targeting takes: an empty list does not narrow. */
export function targetFilter(targets: Targeting): SQL {
  const parts: SQL[] = [];
  if (targets.sectors.length > 0) parts.push(sql`c.sector = any(${sql.param([...targets.sectors])}::text[])`);
  if (targets.cities.length > 0) parts.push(sql`c.location = any(${sql.param([...targets.cities])}::text[])`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The companies of the user's package they may still reach (not contacted, not opted out), counted per sector and city: every value
 * the form offers, and every count it shows, comes from these groups. One pass over the package's companies.
 */
export async function targetGroups(db: Pick<Database, 'execute'>, profileId: string, packageId: string): Promise<TargetGroup[]> {
  const reachable = stillReachable(profileId);
  return rowsOf<TargetGroup>(
    await db.execute(sql`
      with ${reachable.with}
      select c.sector, c.location as city, count(*)::int as count
      from companies c
      where c.package_id = ${packageId} and ${reachable.where}
      group by c.sector, c.location
      order by c.sector, c.location`),
  );
}

/**
 * The user's own companies a send may still take (stillReachable's `own`), and of them those also reachable in
 * the package's directory, per the directory company's sector and city: a send to both lists counts each such
 * address once (countFromSource). The directory holds an address once (companies_email_unique), so each own
 * row meets at most one company. One statement; a user without a list reads one index range of nothing.
 */
export async function ownTargets(db: Pick<Database, 'execute'>, profileId: string, packageId: string): Promise<OwnTargets> {
  const reachable = stillReachable(profileId);
  const rows = rowsOf<{ sector: string | null; city: string | null; count: number }>(
    await db.execute(sql`
      with ${reachable.with}, own as materialized (
        select lower(u.email) as email from user_companies u where ${reachable.own})
      select null::text as sector, null::text as city, count(*)::int as count from own
      union all
      select c.sector, c.location as city, count(*)::int as count
      from own o join companies c on lower(c.email) = o.email
      where c.package_id = ${packageId} and ${reachable.where}
      group by c.sector, c.location`),
  );
  const total = rows.find((r) => r.sector === null);
  const alsoInDirectory = rows
    .filter((r): r is TargetGroup => r.sector !== null && r.city !== null)
    .map((r) => ({ sector: r.sector, city: r.city, count: r.count }))
    .sort((a, b) => (a.sector === b.sector ? compare(a.city, b.city) : compare(a.sector, b.sector)));
  return { count: total?.count ?? 0, alsoInDirectory };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function getSendTargets(db: Database, profileId: string): Promise<SendTargets> {
  const [profile] = rowsOf<{ package_id: string }>(await db.execute(sql`select package_id from profiles where id = ${profileId}`));
  if (!profile) throw new AppError(404, 'PROFILE_NOT_FOUND');
  const [groups, own] = await Promise.all([targetGroups(db, profileId, profile.package_id), ownTargets(db, profileId, profile.package_id)]);
  return { groups, own: { count: own.count, alsoInDirectory: [...own.alsoInDirectory] } };
}
