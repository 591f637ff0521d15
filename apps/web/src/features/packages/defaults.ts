import type { PackageCard } from '@sira/shared';
import { ADMIN_PACKAGE, FREE_PACKAGE, toPackageCard } from '@sira/shared';
import { defaultPackages } from '@sira/shared/defaults/packages';

/** The packages a fresh installation starts with, as cards: what prerendered pages are built with. */
export function prerenderedPackageCards(): PackageCard[] {
  return defaultPackages
    .filter((p) => p.name !== ADMIN_PACKAGE && p.name !== FREE_PACKAGE)
    .sort((a, b) => a.price - b.price)
    .map((p) => toPackageCard({ ...p, id: `default-${p.name}` }));
}
