import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the system e-mails a piece of work tried to send all left. better-auth sends the confirmation and
 * reset e-mails from inside its own calls and keeps their errors to itself; the callbacks that send them
 * (modules/auth/auth.ts) note a failure here, and the route that made the call tells the user.
 */
const scope = new AsyncLocalStorage<{ failed: boolean }>();

export async function trackMail<T>(work: () => Promise<T>): Promise<{ result: T; mailFailed: boolean }> {
  const outcome = { failed: false };
  const result = await scope.run(outcome, work);
  return { result, mailFailed: outcome.failed };
}

/** Called where a system e-mail could not be handed to the mail server. */
export function noteMailFailure(): void {
  const outcome = scope.getStore();
  if (outcome) outcome.failed = true;
}
