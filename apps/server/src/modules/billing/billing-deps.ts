import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BackgroundContext } from '../../lib/background-task';
import type { EventBus } from '../../lib/event-bus';
import { createPaylinkClientCache, type PaylinkClientCache } from './paylink-client';
import type { BillingConfigDeps } from './paylink-config';

/** What the billing services need; the HTTP routes, the webhook and the reconciliation task all build one. */
export interface BillingDeps extends BillingConfigDeps {
  events: EventBus;
  paylink: PaylinkClientCache;
  /** Origin of this deployment, for Paylink's callBackUrl and cancelUrl. */
  publicBaseUrl: string;
  log: FastifyBaseLogger;
}

export function billingDepsFromApp(app: FastifyInstance): BillingDeps {
  return {
    db: app.db,
    secretBox: app.secretBox,
    providers: app.providers,
    events: app.events,
    publicBaseUrl: app.publicBaseUrl.replace(/\/+$/, ''),
    paylink: createPaylinkClientCache(),
    log: app.log,
  };
}

export function billingDepsFromContext(ctx: BackgroundContext): BillingDeps {
  return {
    db: ctx.db,
    secretBox: ctx.secretBox,
    providers: ctx.providers,
    events: ctx.events,
    publicBaseUrl: ctx.publicBaseUrl.replace(/\/+$/, ''),
    paylink: createPaylinkClientCache(),
    log: ctx.log,
  };
}
