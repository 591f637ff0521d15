import type { PackageCard } from './schemas/packages';

/**
 * The card of a package: only the fields a buyer sees, whatever else the source carries (a database row, a
 * default package). Copying them one by one keeps internal columns out of public answers.
 */
export function toPackageCard(p: PackageCard): PackageCard {
  return {
    id: p.id,
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
  };
}
