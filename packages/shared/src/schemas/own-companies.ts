import { z } from 'zod';
import { keysetPageFields, pageCursor, singleLine, singleLineText } from './common';
import { companiesImportResultSchema } from './companies-admin';

// "My companies" (ADR 029): a job seeker's own list of companies, uploaded from a spreadsheet where the
// package allows it or added one by one, private to its owner; and the admin's review of the rows a user
// suggested for the directory. Rule checks with Arabic messages live in messages/own-companies.ts.

export const ownCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  sector: z.string(),
  /** The city (the directory calls it location). */
  city: z.string(),
  contactName: z.string().nullable(),
  /** Times a message to this address was refused as undeliverable: no send takes it while above 0. */
  hardFailures: z.number().int(),
  /** Offered to the directory: null (never), pending, accepted or declined. */
  suggestion: z.enum(['pending', 'accepted', 'declined']).nullable(),
  /** The user already has a message to this address (sent or waiting): a send will not write to it again. */
  contacted: z.boolean(),
  createdAt: z.string(),
});
export type OwnCompany = z.infer<typeof ownCompanySchema>;

export const ownCompaniesQuerySchema = z.object({
  /** Contained in the name or the e-mail, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  cursor: pageCursor(),
});
export type OwnCompaniesQuery = z.input<typeof ownCompaniesQuerySchema>;

/** One page of the user's list, by name then id (keyset). */
export const ownCompaniesPageSchema = z.object({
  items: z.array(ownCompanySchema),
  ...keysetPageFields,
});
export type OwnCompaniesPage = z.infer<typeof ownCompaniesPageSchema>;

/** Add and edit bodies; required-ness and the address rule answer with their own codes (messages/own-companies.ts). */
export const ownCompanyBodySchema = z.object({
  name: singleLineText().max(300),
  email: singleLine().max(320),
  sector: singleLineText().max(200).optional(),
  city: singleLineText().max(200).optional(),
  contactName: singleLineText().max(200).nullable().optional(),
});
export type OwnCompanyBody = z.input<typeof ownCompanyBodySchema>;

/** A package that includes "my companies", for the user whose package does not. */
export const ownListPackageSchema = z.object({ id: z.uuid(), name: z.string(), price: z.number() });

/** GET /api/my-companies/summary: what the page shows above the list. */
export const ownCompaniesSummarySchema = z.object({
  /** The user's package has can_upload_excel: uploads and additions are allowed. */
  allowed: z.boolean(),
  /** The packages that include the feature (shown when not allowed). */
  packagesWithFeature: z.array(ownListPackageSchema),
  /** Rows in the list, and those a send may still take (not contacted, not opted out, no hard failure). */
  total: z.number().int(),
  reachable: z.number().int(),
  /** Most rows one list may hold, and the upload limits per format (bytes). */
  maxRows: z.number().int(),
  maxBytes: z.object({ xlsx: z.number().int(), xls: z.number().int() }),
});
export type OwnCompaniesSummary = z.infer<typeof ownCompaniesSummarySchema>;

/** One upload of the user's (their excel_files row). */
export const ownUploadSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  createdAt: z.string(),
  added: z.number().int(),
  skipped: z.number().int(),
});
export const ownUploadListSchema = z.array(ownUploadSchema);
export type OwnUpload = z.infer<typeof ownUploadSchema>;

/** POST /api/my-companies/import → 200 (the admin import's answer, over the user's own list). */
export const ownCompaniesImportResultSchema = companiesImportResultSchema;

/** POST /api/my-companies/suggest: offer rows to the directory (the admin reviews them). */
export const ownCompaniesSuggestSchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export const ownCompaniesSuggestedSchema = z.object({ suggested: z.number().int() });

/** GET /api/admin/companies/suggestions: rows users offered to the directory, oldest first. */
export const companySuggestionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  sector: z.string(),
  city: z.string(),
  suggestedAt: z.string(),
  /** The address is already in the directory: accepting it adds nothing. */
  inDirectory: z.boolean(),
});
export const companySuggestionListSchema = z.object({
  items: z.array(companySuggestionSchema),
  /** Pending suggestions in all (the list shows the oldest 200). */
  total: z.number().int(),
});
export type CompanySuggestion = z.infer<typeof companySuggestionSchema>;

/** POST /api/admin/companies/suggestions/decision: accept into a package's list, or decline. */
export const companySuggestionDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept'), ids: z.array(z.uuid()).min(1).max(500), packageId: z.uuid() }),
  z.object({ decision: z.literal('decline'), ids: z.array(z.uuid()).min(1).max(500) }),
]);
export const companySuggestionOutcomeSchema = z.object({
  /** Added to the directory. */
  added: z.number().int(),
  /** Accepted but already in the directory (not added twice). */
  duplicates: z.number().int(),
  declined: z.number().int(),
});
