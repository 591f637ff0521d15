/**
 * Switches that make the sandbox answer like Microsoft on a bad day (integrations.md §D8): 401 for an access
 * token Graph no longer takes, 403 ErrorAccessDenied (or another code), 429 with Retry-After in seconds
 * (ApplicationThrottled, "over its MailboxConcurrency limit"), 5xx, and slow answers.
 */
export type FaultEndpoint = 'graph' | 'upload' | 'me' | 'token';

export interface MicrosoftFault {
  /** Only calls for this mailbox; any mailbox when absent. */
  mailbox?: string;
  /** 200 with `delayMs` means "slow but successful". */
  status: 200 | 401 | 403 | 429 | 500 | 503;
  /** How many calls it applies to; until cleared when absent. */
  times?: number;
  /** 429: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** 403: the Graph error code (ErrorAccessDenied when absent); 429: MailboxConcurrency or ApplicationThrottled. */
  code?: string;
  delayMs?: number;
  /** Graph mail endpoints (sendMail, drafts, send) when absent; `upload` is the upload URL's PUT. */
  endpoint?: FaultEndpoint;
}

export class FaultSwitches {
  private faults: MicrosoftFault[] = [];

  inject(fault: MicrosoftFault): void {
    this.faults.push({ ...fault });
  }

  clear(): void {
    this.faults = [];
  }

  take(endpoint: FaultEndpoint, mailbox: string | undefined): MicrosoftFault | undefined {
    const index = this.faults.findIndex(
      (f) => (f.endpoint ?? 'graph') === endpoint && (f.mailbox === undefined || f.mailbox.toLowerCase() === mailbox),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.splice(index, 1);
    }
    return fault;
  }
}

export interface GraphErrorBody {
  error: { code: string; message: string; innerError: { date: string; 'request-id': string; 'client-request-id': string } };
}

/** Graph's JSON error envelope. */
export function graphError(code: string, message: string, requestId: string): GraphErrorBody {
  const date = new Date().toISOString().replace(/\.\d{3}Z$/, '');
  return { error: { code, message, innerError: { date, 'request-id': requestId, 'client-request-id': requestId } } };
}

/** A fault's status, body and headers on a Graph endpoint. */
export function graphFault(
  fault: MicrosoftFault,
  requestId: string,
): { status: number; body: GraphErrorBody; headers: Record<string, string> } {
  switch (fault.status) {
    case 401:
      return {
        status: 401,
        body: graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', requestId),
        headers: {},
      };
    case 403:
      return {
        status: 403,
        body: graphError(fault.code ?? 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.', requestId),
        headers: {},
      };
    case 429: {
      const limit = fault.code === 'ApplicationThrottled' ? 'ApplicationThrottled' : 'MailboxConcurrency';
      return {
        status: 429,
        body: graphError('ApplicationThrottled', `Application is over its ${limit} limit.`, requestId),
        headers: { 'retry-after': String(fault.retryAfterSeconds ?? 30) },
      };
    }
    case 500:
      return { status: 500, body: graphError('ErrorInternalServerError', 'An internal server error occurred.', requestId), headers: {} };
    default:
      return {
        status: 503,
        body: graphError('ServiceUnavailable', 'The service is currently unavailable.', requestId),
        headers: { 'retry-after': String(fault.retryAfterSeconds ?? 5) },
      };
  }
}
