import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Records that the account with this e-mail agreed to the terms and privacy policy of `policyVersion`, now
 * (the database's clock, not the browser's): PDPL asks that consent can be shown.
 */
export async function recordConsent(db: Database, email: string, policyVersion: string): Promise<void> {
  await db.execute(sql`
    insert into consents (profile_id, policy_version)
    select id, ${policyVersion} from profiles where email = ${email}`);
}
