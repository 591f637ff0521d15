import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAYLINK_SANDBOX_PREFIX } from '../../config/providers';
import { SANDBOX_WEBHOOK_SECRET } from '../../modules/billing/paylink-config';
import { paylinkSandboxRoutes } from './paylink-sandbox.routes';
import { createSandboxState, type SandboxFault, type SandboxInvoice, type WebhookConfig, type WebhookDelivery } from './sandbox-state';

export type { SandboxFault, SandboxInvoice, WebhookConfig, WebhookDelivery };

/**
 * Embedded mode's Paylink: the sandbox mounted at /sandbox/paylink on the app itself, with its webhook
 * pointed at this app's webhook endpoint and the header embedded mode accepts. Never registered in
 * production (app.ts). With a data folder its invoices are kept in `<dataDir>/sandbox/paylink/invoices.json`.
 */
export async function embeddedPaylinkSandbox(app: FastifyInstance, options: { publicBaseUrl: string; dataDir: string | undefined }) {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const state = createSandboxState({
    publicUrl: () => `${base}${PAYLINK_SANDBOX_PREFIX}`,
    webhook: { url: `${base}/api/billing/paylink/webhook`, headers: { authorization: `Bearer ${SANDBOX_WEBHOOK_SECRET}` } },
    ...(options.dataDir ? { storeFile: join(resolve(options.dataDir), 'sandbox', 'paylink', 'invoices.json') } : {}),
  });
  app.addHook('onClose', async () => state.close());
  await app.register(paylinkSandboxRoutes, { prefix: PAYLINK_SANDBOX_PREFIX, state });
}

export interface PaylinkSandbox {
  /** Where the API lives; give it to the app as its Paylink base URL. */
  baseUrl: string;
  credentials: { apiId: string; secretKey: string };
  injectFault(fault: SandboxFault): void;
  clearFaults(): void;
  /** How many times each endpoint was called. */
  calls(): { auth: number; addInvoice: number; getInvoice: number; cancelInvoice: number };
  invoices(): SandboxInvoice[];
  invoice(transactionNo: string): SandboxInvoice;
  /** The buyer pays without coming back (closed tab): optionally with another amount, with or without webhook. */
  pay(transactionNo: string, options?: { amount?: number; webhook?: boolean }): SandboxInvoice;
  decline(transactionNo: string): SandboxInvoice;
  cancel(transactionNo: string): SandboxInvoice;
  /** Makes getInvoice report another amount or status. */
  tamper(transactionNo: string, patch: { amount?: number; orderStatus?: string }): SandboxInvoice;
  expireTokens(): void;
  configureWebhook(config: WebhookConfig | null): void;
  webhookDeliveries(): WebhookDelivery[];
  close(): Promise<void>;
}

/** A sandbox on its own loopback port, for tests: the real client code talks to it over HTTP. */
export async function startPaylinkSandbox(
  options: { webhook?: WebhookConfig | null; webhookRetryDelayMs?: number; tokenLifetimeMs?: number; storeFile?: string } = {},
): Promise<PaylinkSandbox> {
  let baseUrl = '';
  const state = createSandboxState({
    publicUrl: () => baseUrl,
    webhook: options.webhook ?? null,
    webhookRetryDelayMs: options.webhookRetryDelayMs ?? 50,
    ...(options.tokenLifetimeMs !== undefined ? { tokenLifetimeMs: options.tokenLifetimeMs } : {}),
    ...(options.storeFile ? { storeFile: options.storeFile } : {}),
  });
  const server = Fastify({ logger: false });
  await server.register(paylinkSandboxRoutes, { state });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('paylink sandbox did not get a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    credentials: { ...state.credentials },
    injectFault: state.injectFault,
    clearFaults: state.clearFaults,
    calls: () => ({ ...state.calls }),
    invoices: () => [...state.invoices.values()],
    invoice: state.get,
    pay: state.pay,
    decline: state.decline,
    cancel: state.cancel,
    tamper: state.tamper,
    expireTokens: state.expireTokens,
    configureWebhook: state.configureWebhook,
    webhookDeliveries: () => [...state.deliveries],
    async close() {
      state.close();
      await server.close();
    },
  };
}
