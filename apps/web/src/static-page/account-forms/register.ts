/**
 * /register without React (ADR 004, "account pages"): the form checks the account rule the server enforces
 * (rules/auth.ts), marks the fields a refusal is about, and creates the account. When the mail server refused
 * the confirmation e-mail, the page says so and offers to send it again.
 */
import {
  ar,
  checkRegistration,
  messageForCode,
  normalizeEmail,
  normalizePhone,
  paths,
  REGISTRATION_FIELDS,
  RESET_PASSWORD_COOLDOWN_SECONDS,
  type RegistrationFormValues,
  registrationFieldsAtFault,
} from '@sira/shared';
import { auth } from '@sira/shared/contract/auth';
import { ApiRequestError, call } from '../../lib/api-client';
import { busy, cooldown, field, markFaults, ready, showFormError, toast } from './form-dom';

const requestErrorMessage = (e: unknown, fallback?: string) => (e instanceof ApiRequestError ? e.message : messageForCode(fallback));

/** The account exists but its confirmation did not leave: the form gives way to "send it again". */
function confirmationNotSent(form: HTMLFormElement, email: string) {
  const panel = document.querySelector<HTMLElement>('[data-panel="confirmation-not-sent"]');
  const resend = panel?.querySelector<HTMLButtonElement>('button[data-action="resend-confirmation"]');
  const address = panel?.querySelector<HTMLElement>('[data-field="email"]');
  if (!panel || !resend || !address) return;
  address.textContent = email;
  form.closest<HTMLElement>('[data-panel="register"]')?.style.setProperty('display', 'none');
  panel.style.display = '';
  panel.querySelector('h1')?.focus();
  const wait = cooldown(resend, ar.auth.resendWait);
  resend.addEventListener('click', async () => {
    showFormError(panel, null);
    wait.start(RESET_PASSWORD_COOLDOWN_SECONDS);
    try {
      await call(auth.resendConfirmation, { body: { email } });
      window.location.assign(`${paths.login}?registered=1`);
    } catch (e) {
      // Refused again: the server does not hold the minute for a mail that never left, nor does the button.
      wait.clear();
      const message = requestErrorMessage(e);
      showFormError(panel, message);
      toast(message, 'error');
    }
  });
}

export function registerPage(form: HTMLFormElement) {
  const values = (): RegistrationFormValues => ({
    fullName: field(form, 'fullName').value,
    fullNameEn: field(form, 'fullNameEn').value,
    email: field(form, 'email').value,
    phone: field(form, 'phone').value,
    password: field(form, 'password').value,
    confirmPassword: field(form, 'confirmPassword').value,
    acceptTerms: field(form, 'acceptTerms').checked,
  });

  const refuse = (message: string, faults: readonly string[]) => {
    showFormError(form, message);
    toast(message, 'error');
    markFaults(form, REGISTRATION_FIELDS, faults);
  };

  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!submit || submit.disabled) return;
    showFormError(form, null);
    const entered = values();
    const code = checkRegistration(entered);
    if (code) return refuse(messageForCode(code), registrationFieldsAtFault(code, entered));
    markFaults(form, REGISTRATION_FIELDS, []);
    const email = normalizeEmail(entered.email);
    const done = busy(submit);
    try {
      const registered = await call(auth.register, { body: { ...entered, email, phone: normalizePhone(entered.phone) } });
      if (registered.confirmationSent) window.location.assign(`${paths.login}?registered=1`);
      else {
        done();
        confirmationNotSent(form, email);
      }
    } catch (e) {
      done();
      // The server's refusal marks the fields it is about, as the form's own rule would.
      const refused = e instanceof ApiRequestError ? e.code : undefined;
      refuse(requestErrorMessage(e, 'SIGN_UP_FAILED'), registrationFieldsAtFault(refused, entered));
    }
  });
  ready(form);
}
