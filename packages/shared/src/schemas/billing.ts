import { z } from 'zod';
import { INVOICE_OUTCOMES, INVOICE_STATUSES } from '../constants';
import { packageCardSchema } from './packages';

// The user's side of billing (spec §2 /pricing, /payment-callback, billing, /upgrade; §7 create-invoice).
// The browser names only the package; amount, order number and gateway details are decided on the server.

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const invoiceOutcomeSchema = z.enum(INVOICE_OUTCOMES);

/** POST /api/billing/invoices: start paying for a package. */
export const createInvoiceSchema = z.object({ packageId: z.uuid() });
export type CreateInvoiceInput = z.infer<typeof createInvoiceSchema>;

/** Where the browser goes next: Paylink's hosted payment page for the new invoice. */
export const createdInvoiceSchema = z.object({ url: z.string() });
export type CreatedInvoice = z.infer<typeof createdInvoiceSchema>;

/**
 * POST /api/billing/invoices/confirm: the callback page's check. `reference` is what Paylink put in the
 * callback address — its transactionNo, or our orderNumber (spec §2 reads either).
 */
export const confirmPaymentSchema = z.object({ reference: z.string().trim().min(1).max(100) });
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

export const paymentStatusSchema = z.object({
  status: invoiceStatusSchema,
  /** The package the invoice bought (null when deleted since). */
  packageName: z.string().nullable(),
  /**
   * The buyer's package after the check. Once the invoice is credited it is the invoice's own, except when
   * the buyer keeps another: the admin package, or a dearer one bought after this invoice was made.
   */
  activePackageName: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** One row of the user's payment history. */
export const invoiceRowSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** Null when the package was deleted since (shown as 'غير متوفر'). */
  packageName: z.string().nullable(),
  /** Whole riyals. */
  amount: z.number().int(),
  status: invoiceStatusSchema,
  /** What happened to the payment (declined, cancelled, still waiting…), as the history shows it. */
  outcome: invoiceOutcomeSchema,
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** GET /api/billing: the billing page (current package, balance, history newest first). */
export const billingOverviewSchema = z.object({
  packageName: z.string(),
  messagesRemaining: z.number().int(),
  invoices: z.array(invoiceRowSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** Why the current package may not be bought again (ADR 021); null in UpgradeOptions when it may. */
export const currentPackageRefusalSchema = z.enum(['ALREADY_ON_PACKAGE', 'PACKAGE_COMPANIES_USED']);
export type CurrentPackageRefusal = z.infer<typeof currentPackageRefusalSchema>;

/** GET /api/billing/packages: what /upgrade and /pricing offer (reserved packages excluded, cheapest first). */
export const upgradeOptionsSchema = z.object({
  currentPackageId: z.uuid(),
  messagesRemaining: z.number().int(),
  currentPackageRefusal: currentPackageRefusalSchema.nullable(),
  packages: z.array(packageCardSchema),
});
export type UpgradeOptions = z.infer<typeof upgradeOptionsSchema>;
