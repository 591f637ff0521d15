import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The embedded sandboxes stand in for Paylink, Google and a mail server, and a person drives them: the outbox
 * shows every password-reset link, the pay page and `_control` mark invoices paid. They answer only this
 * machine — a browser on it, and the server calling its own sandbox (through loopback, or through its own
 * network address when PUBLIC_BASE_URL names one) — so a server started with HOST=0.0.0.0 does not hand them
 * to its whole network (ADR 027).
 */

const IPV4_MAPPED = '::ffff:';

function isLoopback(address: string): boolean {
  const plain = address.startsWith(IPV4_MAPPED) ? address.slice(IPV4_MAPPED.length) : address;
  return plain === '::1' || plain.startsWith('127.');
}

/** A connection from this machine: loopback, or to its own network address (the same address at both ends). */
function isLocalAddress(address: string | undefined, localAddress: string | undefined): boolean {
  if (!address) return false;
  return isLoopback(address) || address === localAddress;
}

/**
 * Both the connection and the browser behind it: `request.ip` follows TRUST_PROXY, so behind a trusted proxy
 * on this machine it is the browser's address — and a client on the network cannot pass for this machine by
 * writing 127.0.0.1 into X-Forwarded-For, since its connection is not from here.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const local = request.socket?.localAddress;
  return isLocalAddress(request.socket?.remoteAddress, local) && isLocalAddress(request.ip, local);
}

const REFUSAL = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>غير متاح | سيرة</title><style>body{font-family:Tahoma,Arial,sans-serif;margin:2rem;color:#212529}</style></head>
<body><main><h1>صفحات المحاكاة متاحة من هذا الجهاز فقط</h1>
<p>صندوق البريد التجريبي وصفحات الدفع وربط Gmail التجريبية في الوضع المحلي لا تُفتح إلا من الجهاز الذي يعمل عليه الخادم.</p>
<p dir="ltr" lang="en">The embedded sandboxes answer only the machine the server runs on.</p></main></body></html>`;

/** onRequest hook for the sandboxes' routes. */
export async function refuseOtherMachines(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isFromThisMachine(request)) return;
  request.log.warn({ ip: request.ip, url: request.url }, 'sandbox request from another machine refused');
  await reply.code(403).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(REFUSAL);
}
