import { ApiRequestError } from '~/lib/api-client';

/** The API error code of a failed call, or undefined for anything else (the generic message then shows). */
export const errorCode = (error: unknown) => (error instanceof ApiRequestError ? error.code : undefined);
