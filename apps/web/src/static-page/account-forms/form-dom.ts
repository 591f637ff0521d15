/**
 * What the account forms of the static pages (/login, /register) need from the page, in plain DOM: their
 * fields, the one message under the form, the toast that repeats it (spec §4), busy buttons and the
 * cooldown of the "send again" buttons. The markup is the React components' (features/auth/components),
 * rendered on the server; this only changes attributes and text on it.
 */

import { TOAST_DURATION_MS } from '@sira/shared';
import { ltrRuns } from '@sira/shared/bidi';

/** A text with its left-to-right runs (addresses, numbers, Latin words) isolated, as the React `withLtrRuns`. */
function withLtrRuns(text: string): Node[] {
  return ltrRuns(text).map((run) => {
    if (!run.ltr) return document.createTextNode(run.text);
    const bdi = document.createElement('bdi');
    bdi.dir = 'ltr';
    bdi.textContent = run.text;
    return bdi;
  });
}

export function field(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`form field ${name} is missing`);
  return input;
}

/** Marks the fields at fault red (Mantine draws it from the wrapper's data-error) and clears the others. */
export function markFaults(form: HTMLFormElement, names: readonly string[], faults: readonly string[]) {
  for (const name of names) {
    const input = field(form, name);
    const wrapper = input.closest('.mantine-Input-wrapper');
    if (faults.includes(name)) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('data-error', 'true');
      wrapper?.setAttribute('data-error', 'true');
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('data-error');
      wrapper?.removeAttribute('data-error');
    }
  }
  const first = faults[0];
  if (first) field(form, first).focus();
}

/** The message under the form (`[data-form-error]`); null hides it. */
export function showFormError(root: ParentNode, message: string | null) {
  const slot = root.querySelector<HTMLElement>('[data-form-error]');
  if (!slot) return;
  slot.replaceChildren(...(message ? withLtrRuns(message) : []));
  slot.style.display = message ? '' : 'none';
}

let toasts: HTMLElement | null = null;

/**
 * A toast at the top of the page for TOAST_DURATION_MS, with a close button: errors are alerts (read out at
 * once), the rest status messages. The message under the form is then not announced a second time.
 */
export function toast(message: string, tone: 'error' | 'success') {
  if (!toasts) {
    toasts = document.createElement('div');
    toasts.className = 'account-toasts';
    toasts.style.cssText =
      'position:fixed;top:16px;inset-inline:0;margin-inline:auto;width:min(440px,calc(100% - 32px));z-index:400;display:grid;gap:8px';
    document.body.append(toasts);
  }
  const box = document.createElement('div');
  box.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  box.style.cssText = `display:flex;align-items:center;gap:12px;padding:12px 16px;border-radius:8px;background:#fff;box-shadow:0 4px 16px rgb(0 0 0 / 18%);border-inline-start:4px solid ${tone === 'error' ? '#c92a2a' : '#087f5b'};color:#212529;font-size:14px`;
  const text = document.createElement('span');
  text.style.flex = '1';
  text.append(...withLtrRuns(message));
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'إغلاق الإشعار');
  close.textContent = '×';
  close.style.cssText = 'border:0;background:none;font-size:20px;line-height:1;cursor:pointer;color:#495057;padding:0 4px';
  const remove = () => box.remove();
  close.addEventListener('click', remove);
  box.append(text, close);
  toasts.append(box);
  setTimeout(remove, TOAST_DURATION_MS);
}

/** A button that shows the request in flight: disabled and busy until `done()`. */
export function busy(button: HTMLButtonElement): () => void {
  button.disabled = true;
  button.setAttribute('data-disabled', 'true');
  button.setAttribute('aria-busy', 'true');
  return () => {
    button.disabled = false;
    button.removeAttribute('data-disabled');
    button.removeAttribute('aria-busy');
  };
}

/** The text node of a Mantine button (its label span), whose words change during a cooldown. */
export function buttonLabel(button: HTMLButtonElement): HTMLElement {
  return button.querySelector<HTMLElement>('.mantine-Button-label') ?? button;
}

/**
 * A countdown on a button (spec §4: a new link at most once a minute): disabled and saying how long is left,
 * then back to its own words. `clear()` ends it early, when the request it guards failed.
 */
export function cooldown(button: HTMLButtonElement, waiting: (seconds: number) => string) {
  const label = buttonLabel(button);
  const words = label.textContent ?? '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const clear = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    label.textContent = words;
    button.disabled = false;
    button.removeAttribute('data-disabled');
  };
  const start = (seconds: number) => {
    let remaining = seconds;
    button.disabled = true;
    button.setAttribute('data-disabled', 'true');
    label.textContent = waiting(remaining);
    timer = setInterval(() => {
      remaining -= 1;
      if (remaining <= 0) clear();
      else label.textContent = waiting(remaining);
    }, 1000);
  };
  return { start, clear };
}

/** A field marked at fault loses its mark as soon as it is edited, as in the app's other forms. */
function clearFaultOnInput(form: HTMLFormElement) {
  form.addEventListener('input', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.getAttribute('aria-invalid') !== 'true') return;
    input.removeAttribute('aria-invalid');
    input.removeAttribute('data-error');
    input.closest('.mantine-Input-wrapper')?.removeAttribute('data-error');
  });
}

/** The form answers from here on: its submit button was disabled in the HTML until this script was ready. */
export function ready(form: HTMLFormElement) {
  clearFaultOnInput(form);
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-until-ready]')) {
    button.disabled = false;
    button.removeAttribute('data-disabled');
    button.removeAttribute('data-until-ready');
  }
  form.setAttribute('data-ready', 'true');
}

/** Mantine's password fields: the eye button shows and hides the password. */
export function passwordToggles(root: ParentNode) {
  for (const toggle of root.querySelectorAll<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle')) {
    const input = toggle.closest('.mantine-PasswordInput-root')?.querySelector('input');
    if (!input) continue;
    toggle.setAttribute('aria-pressed', 'false');
    toggle.addEventListener('click', () => {
      const show = input.type === 'password';
      input.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(show));
    });
  }
}
