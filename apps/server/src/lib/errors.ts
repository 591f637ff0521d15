import type { ErrorCode } from '@sira/shared';

/**
 * An error the client is meant to see: an HTTP status and a code from packages/shared that the web maps to
 * the spec's Arabic text. Anything else that escapes a handler is a 500 with code INTERNAL.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode | (string & {}),
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const notFound = (code: string = 'NOT_FOUND') => new AppError(404, code);
export const badRequest = (code: string) => new AppError(400, code);
export const conflict = (code: string) => new AppError(409, code);
