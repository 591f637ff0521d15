import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPage, paymentPage } from './payment-page';
import {
  invoiceAnswer,
  type SandboxEndpoint,
  SandboxError,
  type SandboxFault,
  type SandboxInvoice,
  type SandboxState,
  type WebhookConfig,
} from './sandbox-state';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (request.body && typeof request.body === 'object' ? (request.body as Body) : {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the browser goes after the page: Paylink adds transactionNo and orderNumber (§A5). */
function returnUrl(target: string, invoice: SandboxInvoice): string {
  const url = new URL(target);
  url.searchParams.set('transactionNo', invoice.transactionNo);
  url.searchParams.set('orderNumber', invoice.orderNumber);
  return url.toString();
}

/**
 * The Paylink sandbox's HTTP surface, relative to wherever it is mounted: the REST API (`/api/auth`,
 * `/api/addInvoice`, `/api/getInvoice/:no`, `/api/cancelInvoice`), the hosted payment page (`/pay/:no`) and
 * the test switches under `/_control`. Errors answer in Paylink's shape: `{ title, status, detail }`.
 */
export async function paylinkSandboxRoutes(app: FastifyInstance, options: { state: SandboxState }) {
  const { state } = options;

  // The payment page's buttons post plain forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof SandboxError)
      return reply.status(error.status).send({ title: error.title, status: error.status, detail: error.detail });
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply.status(status).send({ title: 'Error', status, detail: error.message });
  });

  /**
   * Counts the call, applies an injected fault, and for API calls other than auth checks the bearer token.
   * `answered` receives the fault that let the call through (one that only delays or alters the answer).
   */
  async function gate(
    endpoint: SandboxEndpoint,
    request: FastifyRequest,
    reply: FastifyReply,
    answered?: (fault: SandboxFault | undefined) => void,
  ): Promise<boolean> {
    const fault = state.takeFault(endpoint);
    answered?.(fault);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.status) {
      void reply
        .status(fault.status)
        .send({ title: fault.status === 401 ? 'Unauthorized' : 'Server Error', status: fault.status, detail: 'Injected fault' });
      return false;
    }
    if (endpoint !== 'auth' && !state.tokenValid(request.headers.authorization)) {
      void reply.status(401).send({ title: 'Unauthorized', status: 401, detail: 'Invalid or expired token' });
      return false;
    }
    return true;
  }

  app.post('/api/auth', async (request, reply) => {
    if (!(await gate('auth', request, reply))) return reply;
    const body = bodyOf(request);
    return { id_token: state.authenticate(body.apiId, body.secretKey, body.persistToken) };
  });

  app.post('/api/addInvoice', async (request, reply) => {
    let withoutUrl = false;
    if (!(await gate('addInvoice', request, reply, (fault) => (withoutUrl = !!fault?.withoutUrl)))) return reply;
    const answer = invoiceAnswer(state, state.addInvoice(bodyOf(request)));
    return withoutUrl ? { ...answer, url: null } : answer;
  });

  app.get<{ Params: { transactionNo: string } }>('/api/getInvoice/:transactionNo', async (request, reply) => {
    if (!(await gate('getInvoice', request, reply))) return reply;
    return invoiceAnswer(state, state.get(request.params.transactionNo));
  });

  app.post('/api/cancelInvoice', async (request, reply) => {
    if (!(await gate('cancelInvoice', request, reply))) return reply;
    state.cancel(String(bodyOf(request).transactionNo ?? ''));
    return { success: true };
  });

  // The hosted payment page and its three outcomes.
  app.get<{ Params: { transactionNo: string } }>('/pay/:transactionNo', async (request, reply) => {
    const invoice = state.invoices.get(request.params.transactionNo);
    // The buttons are plain form posts: under a no-referrer policy the browser would send `Origin: null`,
    // which the app (when the sandbox is mounted on it) refuses as a foreign origin.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    if (!invoice) return reply.status(404).send(notFoundPage());
    return reply.send(paymentPage(invoice, `${state.publicUrl()}/pay/${invoice.transactionNo}`));
  });

  app.post<{ Params: { transactionNo: string; action: string } }>('/pay/:transactionNo/:action', async (request, reply) => {
    const invoice = state.invoices.get(request.params.transactionNo);
    if (!invoice) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
    switch (request.params.action) {
      case 'pay':
        if (invoice.orderStatus === 'Canceled') break;
        state.pay(invoice.transactionNo);
        return reply.redirect(returnUrl(invoice.callBackUrl, invoice), 303);
      case 'decline':
        state.decline(invoice.transactionNo);
        return reply.redirect(returnUrl(invoice.callBackUrl, invoice), 303);
      case 'cancel':
        if (invoice.orderStatus === 'Paid') break;
        state.cancel(invoice.transactionNo);
        return reply.redirect(returnUrl(invoice.cancelUrl ?? invoice.callBackUrl, invoice), 303);
    }
    return reply.redirect(`${state.publicUrl()}/pay/${invoice.transactionNo}`, 303);
  });

  // Test switches (also used by the browser journeys and by people trying the demo).
  app.get('/_control/state', async () => ({
    invoices: [...state.invoices.values()],
    calls: state.calls,
    webhook: state.webhookConfig(),
    deliveries: state.deliveries,
  }));
  app.post('/_control/faults', async (request, reply) => {
    state.injectFault(bodyOf(request) as SandboxFault);
    return reply.status(204).send();
  });
  app.delete('/_control/faults', async (_request, reply) => {
    state.clearFaults();
    return reply.status(204).send();
  });
  app.post('/_control/tokens/expire', async (_request, reply) => {
    state.expireTokens();
    return reply.status(204).send();
  });
  app.post<{ Params: { transactionNo: string } }>('/_control/invoices/:transactionNo/pay', async (request) => {
    const body = bodyOf(request);
    return state.pay(request.params.transactionNo, {
      ...(typeof body.amount === 'number' ? { amount: body.amount } : {}),
      webhook: body.webhook !== false,
    });
  });
  app.patch<{ Params: { transactionNo: string } }>('/_control/invoices/:transactionNo', async (request) => {
    const body = bodyOf(request);
    return state.tamper(request.params.transactionNo, {
      ...(typeof body.amount === 'number' ? { amount: body.amount } : {}),
      ...(typeof body.orderStatus === 'string' ? { orderStatus: body.orderStatus } : {}),
    });
  });
  app.put('/_control/webhook', async (request, reply) => {
    const body = bodyOf(request);
    const config: WebhookConfig | null =
      typeof body.url === 'string' ? { url: body.url, headers: (body.headers as Record<string, string> | undefined) ?? {} } : null;
    state.configureWebhook(config);
    return reply.status(204).send();
  });
}
