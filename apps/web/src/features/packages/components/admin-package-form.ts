import type { AdminPackage, AdminPackageCreateBody } from '@sira/shared/schemas/packages-admin';

/** The add/edit form as typed: numbers may be '' while being edited; features are one per line. */
export interface PackageFormValues {
  name: string;
  price: number | string;
  messagesLimit: number | string;
  features: string;
  canUploadExcel: boolean;
  description: string;
  icon: string;
  ctaText: string;
  highlighted: boolean;
  originalPrice: number | string;
  discountPercent: number | string;
}

/** Spec §5 defaults of a new package: price 0, messages 0, no features, no Excel upload. */
export const newPackageValues: PackageFormValues = {
  name: '',
  price: 0,
  messagesLimit: 0,
  features: '',
  canUploadExcel: false,
  description: '',
  icon: '',
  ctaText: '',
  highlighted: false,
  originalPrice: '',
  discountPercent: '',
};

export const valuesOf = (pkg: AdminPackage): PackageFormValues => ({
  name: pkg.name,
  price: pkg.price,
  messagesLimit: pkg.messagesLimit,
  features: pkg.features.join('\n'),
  canUploadExcel: pkg.canUploadExcel,
  description: pkg.description,
  icon: pkg.icon ?? '',
  ctaText: pkg.ctaText ?? '',
  highlighted: pkg.highlighted,
  originalPrice: pkg.originalPrice ?? '',
  discountPercent: pkg.discountPercent ?? '',
});

const numberOr = <T>(value: number | string, empty: T): number | T => (value === '' ? empty : Number(value));

/** Features split one per line, blank lines dropped; empty price and messages count as 0 (spec §5). */
export const bodyOf = (values: PackageFormValues): AdminPackageCreateBody => ({
  name: values.name.trim(),
  price: numberOr(values.price, 0),
  messagesLimit: numberOr(values.messagesLimit, 0),
  // Any line break ends a feature, Unicode's line and paragraph separators too: a feature is one line (rules/text.ts).
  features: values.features
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0),
  canUploadExcel: values.canUploadExcel,
  description: values.description.trim(),
  icon: values.icon.trim() || null,
  ctaText: values.ctaText.trim() || null,
  highlighted: values.highlighted,
  originalPrice: numberOr(values.originalPrice, null),
  discountPercent: numberOr(values.discountPercent, null),
});

/**
 * The discount follows the two prices whenever both are known and the original is higher — (129 − 95) / 129 is
 * the spec's 26.36 % — so a price edited later leaves no stale badge on /pricing. Without an original price
 * higher than the price the typed discount stays (it may still be cleared by hand).
 */
export function withDerivedDiscount(values: PackageFormValues): PackageFormValues {
  const price = values.price === '' ? Number.NaN : Number(values.price);
  const original = values.originalPrice === '' ? Number.NaN : Number(values.originalPrice);
  if (!Number.isFinite(price) || !Number.isFinite(original) || original <= price || original <= 0) return values;
  return { ...values, discountPercent: Math.round(((original - price) / original) * 10_000) / 100 };
}
