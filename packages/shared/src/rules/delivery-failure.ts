/**
 * Why a delivery ended failed, decided by the engine when it failed (failure-decision.ts) and kept on the row:
 * - address:     the recipient's address was refused (malformed, or the provider said it is invalid) — counted
 *                against the company in the directory;
 * - refused:     the provider refused the message for another lasting reason (a domain policy …);
 * - resume:      the résumé the job attaches is gone;
 * - unconfirmed: the provider was handed the message and no answer came (a crash): it may have arrived;
 * - retries:     passing failures (the provider busy, the network) outlasted the retries.
 * Only the last is worth sending again: the others would fail the same way, or risk a second copy.
 */
export const FAILURE_CAUSES = ['address', 'refused', 'resume', 'unconfirmed', 'retries'] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];
