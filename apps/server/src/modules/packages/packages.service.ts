import { ADMIN_PACKAGE, FREE_PACKAGE, PAYLINK_MIN_AMOUNT, type PackageCard, toPackageCard } from '@sira/shared';
import { and, asc, eq, gte, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages } from '../../db/schema';

/**
 * The packages shown on /pricing, cheapest first. The system packages 'admin' and 'مجاني' are never
 * offered; the trial (تجريبي) is shown so visitors see how to start for free. A package priced under Paylink's
 * minimum (possible only in rows older than that rule) is left out: it could be shown but never bought.
 */
export async function listPricingPackages(db: Database): Promise<PackageCard[]> {
  const rows = await db
    .select()
    .from(packages)
    .where(
      and(notInArray(packages.name, [ADMIN_PACKAGE, FREE_PACKAGE]), or(eq(packages.price, 0), gte(packages.price, PAYLINK_MIN_AMOUNT))),
    )
    .orderBy(asc(packages.price), asc(packages.name));
  return rows.map(toPackageCard);
}
