/**
 * /login without React (ADR 004, "account pages"): opening it ends any current session (spec §2), the
 * notice its address asks for is shown, and the form signs in or asks for a password-reset link.
 */
import {
  ar,
  checkResetRequest,
  checkSignIn,
  countOf,
  messageForCode,
  NOUNS,
  normalizeEmail,
  paths,
  RESET_PASSWORD_COOLDOWN_SECONDS,
} from '@sira/shared';
import { auth } from '@sira/shared/contract/auth';
import { ApiRequestError, call } from '../../lib/api-client';
import { forgetRememberedPackage, hasRememberedPackage } from '../../lib/remembered-package';
import { safeReturnPath } from '../../lib/safe-return';
import { busy, cooldown, field, markFaults, ready, showFormError, toast } from './form-dom';

const FIELDS = ['email', 'password'] as const;

const requestErrorMessage = (e: unknown) => (e instanceof ApiRequestError ? e.message : messageForCode(undefined));

/** Which notice the address asks for (`?registered=1`, `?expired=1`, …), as the links that lead here set them. */
function noticeFrom(params: URLSearchParams): string | undefined {
  if (params.get('registered')) return 'registered';
  if (params.get('confirmed') && params.get('error')) return 'confirmationFailed';
  if (params.get('confirmed')) return 'confirmed';
  if (params.get('reset')) return 'passwordUpdated';
  if (params.get('expired')) return 'sessionExpired';
  if (params.get('resetLink')) return 'resetLinkInvalid';
  return undefined;
}

/**
 * Where a sign-in leads: the page the visitor came from, else the dashboard — or /pricing when a package was
 * chosen before signing in (spec §4), whose payment dialog then opens. A sign-in that goes elsewhere drops
 * the choice: it must not pop up later, for this or another person.
 */
function afterSignIn(params: URLSearchParams): string {
  const from = safeReturnPath(params.get('from'), paths.dashboard);
  const next = params.get('from') || !hasRememberedPackage() ? from : paths.pricing;
  if (next !== paths.pricing) forgetRememberedPackage();
  return next;
}

/** Ends the session this browser may have. When the check itself fails, a session that may exist is ended all the same. */
async function signOutOnOpen() {
  const user = await call(auth.session).then(
    (answer) => answer.user,
    () => undefined,
  );
  if (user === null) return;
  forgetRememberedPackage();
  await call(auth.signOut, { body: {} }).catch(() => undefined);
}

export function signInPage(form: HTMLFormElement) {
  const params = new URLSearchParams(window.location.search);
  const notice = noticeFrom(params);
  if (notice) {
    const box = document.querySelector<HTMLElement>(`[data-notice="${notice}"]`);
    if (box) box.style.display = '';
  }
  const signedOut = signOutOnOpen();

  const fail = (message: string) => {
    showFormError(form, message);
    toast(message, 'error');
  };

  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!submit || submit.disabled) return;
    showFormError(form, null);
    const email = field(form, 'email').value;
    const password = field(form, 'password').value;
    // The sign-in form marks no field: its message speaks of the pair.
    const refused = checkSignIn({ email, password });
    markFaults(form, FIELDS, []);
    if (refused) return fail(messageForCode(refused));
    const done = busy(submit);
    try {
      await signedOut;
      await call(auth.signIn, { body: { email: normalizeEmail(email), password } });
      window.location.replace(afterSignIn(params));
    } catch (e) {
      done();
      // The right password on an unconfirmed account makes the server mail a fresh confirmation link.
      if (e instanceof ApiRequestError && e.code === 'EMAIL_NOT_CONFIRMED') fail(`${e.message}. ${ar.auth.confirmationResent}`);
      else fail(requestErrorMessage(e));
    }
  });

  const forgot = form.querySelector<HTMLButtonElement>('button[data-action="forgot-password"]');
  if (forgot) {
    const wait = cooldown(forgot, (s) => `يمكنك طلب رابط جديد بعد ${countOf(s, NOUNS.second, 'genitive')}`);
    forgot.addEventListener('click', async () => {
      // The sign-in error under the form belongs to the last sign-in, not to this request.
      showFormError(form, null);
      const email = field(form, 'email').value;
      const refused = checkResetRequest({ email });
      markFaults(form, FIELDS, refused ? ['email'] : []);
      if (refused) return toast(messageForCode(refused), 'error');
      wait.start(RESET_PASSWORD_COOLDOWN_SECONDS);
      try {
        await call(auth.requestPasswordReset, { body: { email: normalizeEmail(email) } });
        toast(ar.auth.resetSent, 'success');
      } catch (e) {
        // Any reset error clears the cooldown so the user can try again (spec §4).
        wait.clear();
        // An e-mail that did not leave stays said under the form too: pressing the button again sends it.
        if (e instanceof ApiRequestError && e.code === 'MAIL_NOT_SENT') fail(e.message);
        else toast(requestErrorMessage(e), 'error');
      }
    });
  }
  ready(form);
}
