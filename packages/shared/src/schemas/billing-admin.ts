import { z } from 'zod';
import { invoiceStatusSchema } from './billing';
import { singleLine } from './common';

// The admin payment and payment_gateway tabs (spec §2). Gateway secrets go in, never out: the answer only
// says whether each one is set.

export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

export const adminPaymentsQuerySchema = z.object({
  /** Contained in the user's e-mail, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminPaymentRowSchema = z.object({
  id: z.uuid(),
  /** Null: the buyer deleted the account; the invoice is kept, anonymised, for the bookkeeping period. */
  userEmail: z.string().nullable(),
  packageName: z.string().nullable(),
  amount: z.number().int(),
  status: invoiceStatusSchema,
  createdAt: z.string(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

export const adminPaymentsPageSchema = z.object({
  /** Over every invoice, whatever the search: revenue = Σ completed amounts (spec §9). */
  summary: z.object({ revenue: z.number().int(), transactions: z.number().int(), completed: z.number().int() }),
  items: z.array(adminPaymentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

export const PAYLINK_ENVIRONMENTS = ['production', 'test', 'sandbox'] as const;
export type PaylinkEnvironment = (typeof PAYLINK_ENVIRONMENTS)[number];

export const adminGatewaySettingsSchema = z.object({
  apiId: z.string(),
  baseUrl: z.string(),
  secretKeySet: z.boolean(),
  webhookSecretSet: z.boolean(),
  /** True when nothing is stored and embedded mode's defaults (the sandbox, public test keys) are in use. */
  usingDefaults: z.boolean(),
  /** The addresses this deployment may use; the sandbox only in embedded mode. */
  baseUrlOptions: z.array(z.object({ environment: z.enum(PAYLINK_ENVIRONMENTS), url: z.string() })),
  /** What to enter as the webhook address in Paylink's merchant portal. */
  webhookUrl: z.string(),
});
export type AdminGatewaySettings = z.infer<typeof adminGatewaySettingsSchema>;

/**
 * Save: an empty or absent secret keeps the stored one. The keys are tested with Paylink first (one
 * authentication call); keys it refuses, or a gateway out of reach, are saved only with `saveUntested`.
 */
export const adminGatewayUpdateSchema = z.object({
  apiId: singleLine().trim().max(200),
  baseUrl: singleLine().trim().max(500),
  secretKey: singleLine().trim().max(500).optional(),
  webhookSecret: singleLine().trim().max(500).optional(),
  saveUntested: z.boolean().optional(),
});
export type AdminGatewayUpdate = z.infer<typeof adminGatewayUpdateSchema>;

/** POST /api/admin/billing/gateway/test: the keys as typed (an empty secret: the stored one), nothing saved. */
export const adminGatewayTestSchema = adminGatewayUpdateSchema.pick({ apiId: true, baseUrl: true, secretKey: true });
export type AdminGatewayTest = z.infer<typeof adminGatewayTestSchema>;

/** accepted: Paylink issued a token for the keys; refused: it answered that it does not know them; unreachable: no answer. */
export const GATEWAY_TEST_OUTCOMES = ['accepted', 'refused', 'unreachable'] as const;
export const adminGatewayTestResultSchema = z.object({
  outcome: z.enum(GATEWAY_TEST_OUTCOMES),
  /** Paylink's HTTP status, or null when it gave none. */
  status: z.number().int().nullable(),
});
export type AdminGatewayTestResult = z.infer<typeof adminGatewayTestResultSchema>;
