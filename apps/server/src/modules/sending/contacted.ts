import { type SQL, sql } from 'drizzle-orm';
import { optedOutAddresses } from '../companies/opt-out-marks';

/**
 * The one rule for who a new send may reach: not contacted yet and not opted out (the directory's mark or the
 * user's own stop, opt-out-marks.ts). The counts /send-resume shows, the plan and scheduling all filter with it,
 * so the number promised is the number scheduled. It holds for every source of recipients (ADR 029): `where`
 * for the directory's companies (alias `c`), `own` for the user's own companies (alias `u`, user_companies).
 *
 * Contacted: already sent to, or already waiting in one of the user's jobs (a second request must not queue the
 * same company twice), whatever the source of that delivery — directory, own list or job ad; a failed delivery
 * does not count. By the company and by its address: a company deleted and added again (a corrected
 * spreadsheet imported anew) has a new id, and the same people must not get the same application twice.
 *
 * A statement names the user's contacted set once in its WITH list (`with`) and filters the companies with
 * `where`: one index-only pass over the user's deliveries that are not failed (deliveries_profile_contacted_idx),
 * kept for the statement, then two hashed look-ups per company: its id among the contacted ones, and its address,
 * lower-cased once, among the contacted and opted-out ones. Lower-casing is most of a company's cost (on PGlite
 * above all), hence one set for every address. Each set is hashed while it fits in the database's hash memory
 * (work_mem × hash_mem_multiplier: 8 MB by default, some 150,000 addresses).
 *
 * The own list is matched by address only (its rows have no directory id, and an address is once per user),
 * and only the user's own rows: `u.profile_id` is part of the rule, not left to the caller. A row whose
 * address refused one of the user's messages as undeliverable (hard_failures) is not taken again.
 *
 *   const reachable = stillReachable(profileId);
 *   sql`with ${reachable.with} select … from companies c where … and ${reachable.where}`
 *   sql`with ${reachable.with} select … from user_companies u where ${reachable.own}`
 */
export function stillReachable(profileId: string): { with: SQL; where: SQL; own: SQL } {
  return {
    with: sql`contacted as materialized (
      select d.company_id, lower(d.recipient_email) as email from deliveries d
      where d.profile_id = ${profileId} and d.status <> 'failed')`,
    // A deleted company leaves its deliveries without a company id: left out, or NOT IN would match nothing.
    // Addresses are never null (deliveries, both opt-out tables), so NOT IN means "none of them".
    where: sql`c.id not in (select k.company_id from contacted k where k.company_id is not null)
      and lower(c.email) not in (select k.email from contacted k union all ${optedOutAddresses(profileId)})`,
    own: sql`u.profile_id = ${profileId} and u.hard_failures = 0
      and lower(u.email) not in (select k.email from contacted k union all ${optedOutAddresses(profileId)})`,
  };
}
