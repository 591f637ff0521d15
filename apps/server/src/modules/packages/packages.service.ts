import { ADMIN_PACKAGE, FREE_PACKAGE, type PackageCard, toPackageCard } from '@sira/shared';
import { asc, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packages } from '../../db/schema';

/**
 * The packages shown on /pricing, cheapest first. The system packages 'admin' and 'مجاني' are never
 * offered; the trial (تجريبي) is shown so visitors see how to start for free.
 */
export async function listPricingPackages(db: Database): Promise<PackageCard[]> {
  const rows = await db
    .select()
    .from(packages)
    .where(notInArray(packages.name, [ADMIN_PACKAGE, FREE_PACKAGE]))
    .orderBy(asc(packages.price), asc(packages.name));
  return rows.map(toPackageCard);
}
