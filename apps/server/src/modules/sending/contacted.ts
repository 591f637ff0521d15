import { sql } from 'drizzle-orm';
import { notOptedOut } from '../companies/opt-out-marks';

/**
 * Companies of a package this user may still be sent to (alias `c` for companies): not already sent to, and
 * not already waiting in one of their jobs (a second request must not queue the same company twice). A failed
 * delivery does not count. By the company and by its address: a company deleted and added again (a corrected
 * spreadsheet imported anew) has a new id, and the same people must not get the same application twice. The
 * address check is one hashed pass over the user's deliveries, not a search per company.
 */
const notContacted = (profileId: string) => sql`not exists (
  select 1 from deliveries d
  where d.profile_id = ${profileId} and d.company_id = c.id and d.status <> 'failed'
) and lower(c.email) not in (
  select lower(d.recipient_email) from deliveries d where d.profile_id = ${profileId} and d.status <> 'failed'
)`;

/**
 * The one rule for who a new send may reach (alias `c`): not contacted yet and not opted out (the directory's
 * mark or the user's own stop). The counts /send-resume shows, the plan and scheduling all filter with it, so
 * the number promised is the number scheduled.
 */
export const stillReachable = (profileId: string) => sql`${notContacted(profileId)} and ${notOptedOut(sql`c.email`, profileId)}`;
