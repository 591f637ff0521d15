import type { LoggerOptions } from 'pino';

/**
 * Single-use secrets that travel in URLs — the password-reset token in its link and the API that checks it,
 * e-mail confirmation and OAuth callback parameters — cut out of a logged URL. Whoever reads the logs could
 * otherwise reset that user's password within the hour.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(reset-password|password-reset)\/[^/?#]+/g, '/$1/[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

/**
 * Log options shared by the server and the worker. Anything that could carry a secret is redacted:
 * cookies, authorisation headers, tokens and passwords never reach a log line.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-paylink-webhook-secret"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secretKey',
        '*.client_secret',
        '*.refresh_token',
        '*.access_token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request line, with secrets cut out of the URL (see redactUrl).
      req: (req: { method?: string; url?: string; hostname?: string; remoteAddress?: string; remotePort?: number }) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.remoteAddress,
        remotePort: req.remotePort,
      }),
    },
  };
}
