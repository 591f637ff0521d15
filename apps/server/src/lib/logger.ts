import type { LoggerOptions } from 'pino';

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
  };
}
