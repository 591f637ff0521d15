import type { PackageCard } from '@sira/shared';
import { ADMIN_PACKAGE, FREE_PACKAGE } from '@sira/shared';
import { defaultPackages } from '@sira/shared/defaults/packages';

/** The packages a fresh installation starts with, as cards: what prerendered pages are built with. */
export function prerenderedPackageCards(): PackageCard[] {
  return defaultPackages
    .filter((p) => p.name !== ADMIN_PACKAGE && p.name !== FREE_PACKAGE)
    .sort((a, b) => a.price - b.price)
    .map((p) => ({
      id: `default-${p.name}`,
      name: p.name,
      price: p.price,
      originalPrice: p.originalPrice,
      discountPercent: p.discountPercent,
      messagesLimit: p.messagesLimit,
      features: p.features,
      description: p.description,
      icon: p.icon,
      ctaText: p.ctaText,
      highlighted: p.highlighted,
    }));
}
