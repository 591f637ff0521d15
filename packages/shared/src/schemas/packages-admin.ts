import { z } from 'zod';
import { displayText, singleLineText } from './common';

/** A package as the admin table shows it: every column, whether its name is reserved, and what still uses it. */
export const adminPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.number().int(),
  messagesLimit: z.number().int(),
  features: z.array(z.string()),
  canUploadExcel: z.boolean(),
  description: z.string(),
  icon: z.string().nullable(),
  ctaText: z.string().nullable(),
  highlighted: z.boolean(),
  originalPrice: z.number().int().nullable(),
  /** A percentage with at most two decimals (e.g. 26.36): the same type the create and update take. */
  discountPercent: z.number().nullable(),
  /** One of RESERVED_PACKAGE_NAMES: never deleted nor renamed. */
  reserved: z.boolean(),
  /** Profiles and companies on this package; a package in use cannot be deleted. */
  profilesCount: z.number().int(),
  companiesCount: z.number().int(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackageListSchema = z.array(adminPackageSchema);

const optionalText = (max: number) =>
  singleLineText()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

// The editable fields, without defaults, so the update schema can make each one optional.
const packageFields = {
  name: singleLineText().trim().min(1).max(100),
  /** Whole riyals (spec §5: parsed as an integer). */
  price: z.number().int().min(0).max(1_000_000),
  messagesLimit: z.number().int().min(0).max(1_000_000),
  /** One feature per line of the form; blank lines and repeats are dropped. */
  features: z
    .array(singleLineText().max(500))
    .max(50)
    .transform((lines) => [...new Set(lines.map((l) => l.trim()).filter((l) => l.length > 0))]),
  canUploadExcel: z.boolean(),
  description: displayText().trim().max(2000),
  icon: optionalText(50),
  ctaText: optionalText(100),
  highlighted: z.boolean(),
  originalPrice: z.number().int().min(0).max(1_000_000).nullable(),
  discountPercent: z.number().min(0).max(100).nullable(),
};

/** POST /api/admin/packages. Defaults of a new package (spec §5): price 0, messages 0, no features, no Excel. */
export const adminPackageCreateSchema = z.object({
  name: packageFields.name,
  price: packageFields.price.default(0),
  messagesLimit: packageFields.messagesLimit.default(0),
  features: packageFields.features.default([]),
  canUploadExcel: packageFields.canUploadExcel.default(false),
  description: packageFields.description.default(''),
  icon: packageFields.icon.default(null),
  ctaText: packageFields.ctaText.default(null),
  highlighted: packageFields.highlighted.default(false),
  originalPrice: packageFields.originalPrice.default(null),
  discountPercent: packageFields.discountPercent.default(null),
});
/** What the form sends (defaults may be left out). */
export type AdminPackageCreateBody = z.input<typeof adminPackageCreateSchema>;
/** What the server works with after validation. */
export type AdminPackageCreate = z.output<typeof adminPackageCreateSchema>;

/** PATCH /api/admin/packages/:id: only the fields sent change. */
export const adminPackageUpdateSchema = z.object(packageFields).partial();
export type AdminPackageUpdateBody = z.input<typeof adminPackageUpdateSchema>;
export type AdminPackageUpdate = z.output<typeof adminPackageUpdateSchema>;
