import { z } from 'zod';
import { displayText, htmlRemovalsSchema, singleLine, singleLineText } from './common';

/** A content page as the admin pages tab lists and edits it. */
export const adminPageSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageListSchema = z.array(adminPageSchema);

/** PUT /api/admin/pages/:id's answer: the page as saved, and what cleaning its HTML removed. */
export const adminPageSavedSchema = adminPageSchema.extend({ removed: htmlRemovalsSchema });
export type AdminPageSaved = z.infer<typeof adminPageSavedSchema>;

/** PUT /api/admin/pages/:id: the slug is the page's address and never changes. */
export const pageInputSchema = z.object({
  title: singleLineText().max(200),
  content: z.string().max(200_000),
});
export type PageInput = z.infer<typeof pageInputSchema>;

/** settings.social_media: each an http(s) address or empty (hidden in the footer). */
export const socialLinksSchema = z.object({
  facebook: singleLine().max(500),
  twitter: singleLine().max(500),
  instagram: singleLine().max(500),
  linkedin: singleLine().max(500),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/**
 * The footer's text and contact block (settings footer_description, contact_info and footer_settings): what
 * every page shows under the links. An empty e-mail or phone is simply not shown.
 */
export const footerContactSchema = z.object({
  description: displayText().max(1000),
  email: singleLine().max(320),
  phone: singleLine().max(32),
  showContact: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showSocial: z.boolean(),
});
export type FooterContact = z.infer<typeof footerContactSchema>;

/** Footer order: a number, 0 when not given (spec §5). */
const orderSchema = z.number().int().min(0).max(1_000_000).default(0);

export const adminFooterSectionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  order: z.number().int(),
  updatedAt: z.string(),
});
export type AdminFooterSection = z.infer<typeof adminFooterSectionSchema>;

export const adminFooterLinkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  order: z.number().int(),
  sectionId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type AdminFooterLink = z.infer<typeof adminFooterLinkSchema>;

/** GET /api/admin/footer: everything the footer tab edits, in display order. */
export const adminFooterSchema = z.object({
  contact: footerContactSchema,
  social: socialLinksSchema,
  sections: z.array(adminFooterSectionSchema),
  links: z.array(adminFooterLinkSchema),
});
export type AdminFooter = z.infer<typeof adminFooterSchema>;

export const footerSectionInputSchema = z.object({
  title: singleLineText().max(200),
  order: orderSchema,
});
export type FooterSectionInput = z.input<typeof footerSectionInputSchema>;

/** An empty icon or section is stored as null (spec §5); the server turns '' into null. */
export const footerLinkInputSchema = z.object({
  title: singleLineText().max(200),
  url: singleLine().max(2000),
  icon: singleLineText().max(50).nullable().default(null),
  order: orderSchema,
  sectionId: z
    .union([z.uuid(), z.literal('')])
    .nullable()
    .default(null),
});
export type FooterLinkInput = z.input<typeof footerLinkInputSchema>;
