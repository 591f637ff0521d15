/**
 * Switches that make the sandbox answer like Google on a bad day (integrations.md §B9): 401 authError,
 * 403 rate limits, 429 "(Mail sending)" with a retry time, 5xx backend errors, and slow answers.
 */
export type FaultEndpoint = 'send' | 'token' | 'userinfo' | 'revoke';

export interface GoogleFault {
  /** Only calls for this mailbox; any mailbox when absent. */
  mailbox?: string;
  /** 200 with `delayMs` means "slow but successful". */
  status: 200 | 401 | 403 | 429 | 500 | 503;
  /** How many calls it applies to; until cleared when absent. */
  times?: number;
  /** 429 only: the time in the "(Mail sending)" message; 24 h from now when absent. */
  retryAfter?: Date;
  /** Wait this long before answering (timeouts, slow provider). */
  delayMs?: number;
  /**
   * In-process sandboxes only: the call waits until `release` settles, after telling `onHeld` — a test keeps a
   * message on the wire, on no clock, while it does something else. The caller's token is checked when the call
   * arrived, as Google does for a request already accepted.
   */
  hold?: { onHeld(): void; release: Promise<unknown> };
  /** 403: the `reason` field (userRateLimitExceeded, rateLimitExceeded, dailyLimitExceeded, domainPolicy). */
  reason?: string;
  /** Which endpoint it hits; Gmail's messages.send when absent. */
  endpoint?: FaultEndpoint;
}

export class FaultSwitches {
  private faults: GoogleFault[] = [];

  inject(fault: GoogleFault): void {
    this.faults.push({ ...fault });
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault that matches this call, counting it against `times`. */
  take(endpoint: FaultEndpoint, mailbox: string | undefined): GoogleFault | undefined {
    const index = this.faults.findIndex(
      (f) => (f.endpoint ?? 'send') === endpoint && (f.mailbox === undefined || f.mailbox.toLowerCase() === mailbox),
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

export interface GoogleErrorBody {
  error: { code: number; message: string; errors: Array<{ message: string; domain: string; reason: string }>; status: string };
}

/** Google's JSON error envelope for the Gmail API. */
export function gmailError(code: number, message: string, reason: string, status: string, domain = 'global'): GoogleErrorBody {
  return { error: { code, message, errors: [{ message, domain, reason }], status } };
}

/** The answer a fault gives on a Gmail API endpoint (the OAuth endpoints use their own shape). */
export function gmailFaultBody(fault: GoogleFault): GoogleErrorBody | undefined {
  switch (fault.status) {
    case 401:
      return gmailError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'authError',
        'UNAUTHENTICATED',
      );
    case 403: {
      const reason = fault.reason ?? 'userRateLimitExceeded';
      const message = reason === 'domainPolicy' ? 'The domain administrators have disabled Gmail apps.' : 'User Rate Limit Exceeded';
      return gmailError(403, message, reason, 'PERMISSION_DENIED', reason === 'domainPolicy' ? 'global' : 'usageLimits');
    }
    case 429: {
      const retryAfter = fault.retryAfter ?? new Date(Date.now() + 24 * 3600_000);
      return gmailError(
        429,
        `User-rate limit exceeded.  Retry after ${retryAfter.toISOString()} (Mail sending)`,
        'rateLimitExceeded',
        'RESOURCE_EXHAUSTED',
        'usageLimits',
      );
    }
    case 500:
      return gmailError(500, 'Backend Error', 'backendError', 'INTERNAL');
    case 503:
      return gmailError(503, 'The service is currently unavailable.', 'backendError', 'UNAVAILABLE');
    default:
      return undefined;
  }
}
