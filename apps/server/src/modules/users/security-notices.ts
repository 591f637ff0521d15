import { paths } from '@sira/shared';
import type { SystemMail, SystemMailer } from '../../mail/system-mailer';

type Log = { error(obj: object, msg: string): void };

/**
 * Sends one of the account-change e-mails (mail/security-templates.ts). The change it reports has already
 * happened and stands whether or not the mail server takes the message, so a failure is logged as an error for
 * the operator and does not undo or fail the user's request.
 */
export async function sendSecurityNotice(
  deps: { mailer: SystemMailer; log: Log },
  to: string,
  notice: Omit<SystemMail, 'to'>,
  context: { userId: string; kind: string },
): Promise<void> {
  try {
    await deps.mailer.send({ to, ...notice });
  } catch (error) {
    deps.log.error({ err: error, ...context }, 'account notice e-mail could not be sent');
  }
}

/** Where the notices lead: the dashboard, with the sign-ins card and "sign out everywhere". */
export const dashboardUrl = (publicBaseUrl: string) => new URL(paths.dashboard, publicBaseUrl).toString();
