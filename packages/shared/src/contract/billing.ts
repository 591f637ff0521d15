import { endpoint } from './endpoint';

/** Invoices and Paylink payments (/billing, /upgrade, /payment-callback), and the admin's payments and gateway tabs. */
export const billing = {
  overview: endpoint('GET', '/api/billing', { response: { 200: 'billingOverviewSchema' } }),
  upgradeOptions: endpoint('GET', '/api/billing/packages', { response: { 200: 'upgradeOptionsSchema' } }),
  createInvoice: endpoint('POST', '/api/billing/invoices', { body: 'createInvoiceSchema', response: { 201: 'createdInvoiceSchema' } }),
  confirmPayment: endpoint('POST', '/api/billing/invoices/confirm', {
    body: 'confirmPaymentSchema',
    response: { 200: 'paymentStatusSchema' },
  }),
  /** Paylink's server calls this; its body is read by hand after the secret check (paylink-webhook.ts). */
  paylinkWebhook: endpoint('POST', '/api/billing/paylink/webhook', { kind: 'webhook' }),

  adminPayments: endpoint('GET', '/api/admin/billing/invoices', {
    query: 'adminPaymentsQuerySchema',
    response: { 200: 'adminPaymentsPageSchema' },
  }),
  adminGateway: endpoint('GET', '/api/admin/billing/gateway', { response: { 200: 'adminGatewaySettingsSchema' } }),
  updateAdminGateway: endpoint('PUT', '/api/admin/billing/gateway', {
    body: 'adminGatewayUpdateSchema',
    response: { 200: 'adminGatewaySettingsSchema' },
  }),
  testAdminGateway: endpoint('POST', '/api/admin/billing/gateway/test', {
    body: 'adminGatewayTestSchema',
    response: { 200: 'adminGatewayTestResultSchema' },
  }),
} as const;
