import { OWN_LIST_FEATURE } from './messages/own-companies';
import type { PackageCard } from './schemas/packages';

/**
 * The card of a package: only the fields a buyer sees, whatever else the source carries (a database row, a
 * default package). Copying them one by one keeps internal columns out of public answers. A package with
 * can_upload_excel lists "my companies" among its features (ADR 029), once, whatever the admin typed.
 */
export function toPackageCard(p: PackageCard & { canUploadExcel?: boolean }): PackageCard {
  const features = p.canUploadExcel && !p.features.includes(OWN_LIST_FEATURE) ? [...p.features, OWN_LIST_FEATURE] : p.features;
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    originalPrice: p.originalPrice,
    discountPercent: p.discountPercent,
    messagesLimit: p.messagesLimit,
    features,
    description: p.description,
    icon: p.icon,
    ctaText: p.ctaText,
    highlighted: p.highlighted,
  };
}
