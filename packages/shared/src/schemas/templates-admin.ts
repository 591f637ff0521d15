import { z } from 'zod';
import { htmlRemovalsSchema, singleLineText } from './common';

/** A message template as the admin templates tab lists and edits it. */
export const adminTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** The packages that offer it (package_templates), in package price order. */
  packageIds: z.array(z.uuid()),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type AdminTemplate = z.infer<typeof adminTemplateSchema>;

/** A created or updated template's answer: the template as saved, and what cleaning its HTML removed. */
export const adminTemplateSavedSchema = adminTemplateSchema.extend({ removed: htmlRemovalsSchema });
export type AdminTemplateSaved = z.infer<typeof adminTemplateSavedSchema>;

/** A package a template can be offered by (every package but the administrators'). */
export const templatePackageOptionSchema = z.object({ id: z.uuid(), name: z.string() });
export type TemplatePackageOption = z.infer<typeof templatePackageOptionSchema>;

/** GET /api/admin/templates: templates by name, and the package choices for the checkboxes. */
export const adminTemplateListSchema = z.object({
  templates: z.array(adminTemplateSchema),
  packages: z.array(templatePackageOptionSchema),
});
export type AdminTemplateList = z.infer<typeof adminTemplateListSchema>;

/**
 * POST /api/admin/templates and PUT /api/admin/templates/:id. Only shape and size are checked here; the
 * spec's rules (checkTemplateInput) answer with their own codes.
 */
export const templateInputSchema = z.object({
  name: singleLineText().max(200),
  subject: singleLineText().max(300).default(''),
  content: z.string().max(100_000),
  packageIds: z.array(z.uuid()).max(100),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
