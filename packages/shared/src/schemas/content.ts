import { z } from 'zod';

export const footerLinkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  order: z.number().int(),
});

export const footerSectionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  order: z.number().int(),
  links: z.array(footerLinkSchema),
});

export const socialMediaSchema = z.object({
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  linkedin: z.string(),
});

export const footerSettingsSchema = z.object({
  show_contact: z.boolean(),
  show_social: z.boolean(),
  show_email: z.boolean(),
  show_phone: z.boolean(),
});

export const contactInfoSchema = z.object({ email: z.string(), phone: z.string() });

/** What the public footer needs, already filtered by footer_settings on the server. */
export const footerSchema = z.object({
  description: z.string(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  social: z.array(z.object({ network: z.enum(['facebook', 'twitter', 'instagram', 'linkedin']), url: z.string() })),
  sections: z.array(footerSectionSchema),
});
export type Footer = z.infer<typeof footerSchema>;
export type FooterSection = z.infer<typeof footerSectionSchema>;
export type FooterLink = z.infer<typeof footerLinkSchema>;

export const pageSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;
/** GET /api/content/pages/:slug. */
export const pageSlugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
