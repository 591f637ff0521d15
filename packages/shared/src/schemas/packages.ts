import { z } from 'zod';

/** A package as the pricing and upgrade pages show it. */
export const packageCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  /** A percentage with at most two decimals (e.g. 26.36). */
  discountPercent: z.number().nullable(),
  messagesLimit: z.number().int(),
  features: z.array(z.string()),
  description: z.string(),
  icon: z.string().nullable(),
  ctaText: z.string().nullable(),
  highlighted: z.boolean(),
});
export type PackageCard = z.infer<typeof packageCardSchema>;
export const packageCardListSchema = z.array(packageCardSchema);
