import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { connectionOptions, SMTP_TIMEOUTS, type SmtpErrorLike, type SmtpTimeouts, withDeadline } from './smtp-send';
import {
  type Resolver,
  resolveSmtpTarget,
  type SmtpNetworkRules,
  type SmtpSettings,
  SmtpSettingsError,
  type SmtpSettingsProblem,
} from './smtp-settings';

/**
 * "Test connection" on the linking form: the same checks and connection as a send (smtp-send.ts) — resolve and
 * check the host, connect, TLS or STARTTLS, log in — then QUIT. No MAIL FROM is ever sent, so nothing can
 * leave the mailbox and the provider counts nothing against its daily limit. Each failure has its own code
 * for the form to explain in the user's words.
 */

export type SmtpTestOutcome =
  | { ok: true }
  | {
      ok: false;
      /**
       * - a settings problem (smtp-settings.ts): the form's field is wrong, nothing was tried;
       * - host-not-found: the name has no address;
       * - connection-refused: nothing listens on that port;
       * - timeout: no connection, greeting or answer in time (a firewall dropping the port, a wrong port);
       * - tls-failed: the TLS handshake failed (a certificate that is not the host's, TLS on a STARTTLS port
       *   or the other way round) or the server does not offer STARTTLS;
       * - auth-refused: the login or app password was refused;
       * - tls-required-by-server: the server wants STARTTLS before the login (plain settings on the sandbox);
       * - protocol-error: what answered is not an SMTP server;
       * - network-error: the connection broke otherwise.
       */
      code:
        | Exclude<SmtpSettingsProblem, 'host-not-found'>
        | 'host-not-found'
        | 'connection-refused'
        | 'timeout'
        | 'tls-failed'
        | 'auth-refused'
        | 'tls-required-by-server'
        | 'protocol-error'
        | 'network-error';
      /** The server's reply or the system's error, for the logs and the form's details. */
      detail: string;
    };

export interface SmtpTestOptions {
  settings: SmtpSettings;
  rules: SmtpNetworkRules;
  timeouts?: Partial<SmtpTimeouts>;
  /** Tests only: name resolution that needs no DNS. */
  resolve?: Resolver;
}

/** The outcome code of a nodemailer failure during connect or login. */
export function testFailureCode(
  error: SmtpErrorLike & { errno?: string | undefined; reason?: string },
): Exclude<SmtpTestOutcome, { ok: true }>['code'] {
  const text = `${error.message ?? ''} ${error.response ?? ''}`;
  if (error.responseCode === 530 || error.responseCode === 538 || /STARTTLS/i.test(error.response ?? '')) {
    if (error.code !== 'ETLS') return 'tls-required-by-server';
  }
  if (error.code === 'EAUTH' || error.code === 'ENOAUTH' || (error.command ?? '').toUpperCase().startsWith('AUTH')) return 'auth-refused';
  if (error.code === 'ETIMEDOUT' || /ETIMEDOUT|timed? ?out/i.test(text)) return 'timeout';
  if (/ECONNREFUSED/.test(text) || error.errno === 'ECONNREFUSED') return 'connection-refused';
  if (error.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) return 'host-not-found';
  if (error.code === 'ETLS' || /certificate|SSL|TLS|wrong version number|self[- ]signed|handshake/i.test(text)) return 'tls-failed';
  if (error.code === 'EPROTOCOL') return 'protocol-error';
  return 'network-error';
}

export async function testSmtpConnection(options: SmtpTestOptions): Promise<SmtpTestOutcome> {
  let target: Awaited<ReturnType<typeof resolveSmtpTarget>>;
  try {
    target = await resolveSmtpTarget(options.settings, options.rules, options.resolve);
  } catch (error) {
    if (error instanceof SmtpSettingsError) return { ok: false, code: error.problem, detail: error.message };
    throw error;
  }
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  const { auth, ...connection } = connectionOptions(target, timeouts);
  const client = new SMTPConnection(connection);

  const attempt = new Promise<SmtpTestOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SmtpTestOutcome) => {
      if (settled) return;
      settled = true;
      if (outcome.ok) client.quit();
      else client.close();
      resolve(outcome);
    };
    const fail = (error: unknown) => {
      const e = (error ?? {}) as SmtpErrorLike;
      finish({ ok: false, code: testFailureCode(e), detail: (e.response || e.message || String(error)).slice(0, 500) });
    };
    client.on('error', fail);
    client.connect((connectError) => {
      if (connectError) return fail(connectError);
      // requireTLS is enforced by the connection: reaching here on 'starttls' means the upgrade happened.
      client.login(auth, (loginError) => {
        if (loginError) return fail(loginError);
        finish({ ok: true });
      });
    });
  });
  return withDeadline(attempt, timeouts.totalMs, () => client.close()).catch((error: unknown) => ({
    ok: false as const,
    code: 'timeout' as const,
    detail: error instanceof Error ? error.message : String(error),
  }));
}
