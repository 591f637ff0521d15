/**
 * The only script of the static pages (/, /jobs/riyadh, /jobs/jeddah, /login, /register, the content pages
 * /about, /support, /privacy, /terms and /how-to-prepare-cv, and /pricing for a visitor without a session;
 * ADR 004, "static pages"): those pages are complete HTML without React, and this small module adds what
 * needs the browser — the signed-in header and start buttons, the mobile menu, the count-up counters, the
 * package choice, the account forms, the CV guide's share button and the footer from the server when the
 * page came without it. Everything here degrades to the prerendered HTML if it fails.
 */
import { ar, COUNTER_ANIMATION_MS, type Footer, formatNumber, paths, type SessionUser } from '@sira/shared';
// The areas, not the whole contract: this script stays small (ADR 004).
import { auth } from '@sira/shared/contract/auth';
import { content } from '@sira/shared/contract/content';
import { iconPaths } from '../components/ui/icon-paths';
import { sharePage, shareTexts } from '../features/content/components/share-texts';
import { footerClass } from '../features/content/components/site-footer-classes';
import { call } from '../lib/api-client';
import { isPlainClick } from '../lib/plain-click';
import { forgetRememberedPackage, rememberPackage } from '../lib/remembered-package';
import { loginHref } from '../lib/safe-return';
import { passwordToggles } from './account-forms/form-dom';
import { registerPage } from './account-forms/register';
import { signInPage } from './account-forms/sign-in';

const PAYMENT_SOCIAL_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function icon(name: string | null | undefined, size = 18): Node[] {
  const d = name ? iconPaths[name.toLowerCase()] : undefined;
  if (!d) return [];
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [k, v] of Object.entries({ width: String(size), height: String(size), viewBox: '0 0 24 24', fill: 'currentColor' })) {
    svg.setAttribute(k, v);
  }
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return [svg];
}

/** Mobile menu: the burger opens and closes the (prerendered, hidden) menu. */
function mobileMenu() {
  const toggle = document.getElementById('menu-toggle');
  const menu = document.getElementById('mobile-menu');
  if (!toggle || !menu) return;
  toggle.addEventListener('click', () => {
    const open = menu.hidden;
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    // Mantine's Burger draws the cross from this attribute.
    if (open) toggle.setAttribute('data-opened', 'true');
    else toggle.removeAttribute('data-opened');
  });
}

/** Signed in: dashboard (and admin) links and a sign-out button instead of login/register; start → dashboard. */
function signedInHeader(user: SessionUser) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-start-link]')) link.href = paths.dashboard;
  for (const group of document.querySelectorAll<HTMLElement>('[data-island="account"]')) {
    const sample = group.querySelector('a');
    const className = sample?.className ?? '';
    const items: Array<{ to: string; label: string }> = [{ to: paths.dashboard, label: ar.nav.dashboard }];
    if (user.isAdmin) items.push({ to: paths.admin, label: ar.nav.admin });
    const logout = element('button', { type: 'button', class: className }, [ar.nav.logout]);
    logout.style.cssText = 'border:0;background:none;cursor:pointer;font:inherit';
    logout.addEventListener('click', async () => {
      logout.setAttribute('disabled', '');
      forgetRememberedPackage();
      await call(auth.signOut, { body: {} }).catch(() => undefined);
      window.location.assign(paths.home);
    });
    group.replaceChildren(...items.map((i) => element('a', { href: i.to, class: className }, [i.label])), logout);
  }
}

/** Counters count up over 2.5 s when they scroll into view; reduced motion keeps the final numbers. */
function countUps() {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
  for (const node of document.querySelectorAll<HTMLElement>('[data-count-to]')) {
    const to = Number(node.dataset.countTo);
    const prefix = node.dataset.prefix ?? '';
    if (!Number.isFinite(to)) continue;
    node.textContent = `${prefix}0`;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / COUNTER_ANIMATION_MS);
        node.textContent = `${prefix}${formatNumber(Math.round(to * (1 - (1 - progress) ** 3)))}`;
        if (progress < 1) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    observer.observe(node);
  }
}

function footerLink(url: string, title: string, iconName: string | null | undefined): HTMLAnchorElement {
  const external = !url.startsWith('/');
  return element('a', { href: url, class: footerClass.link, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }, [
    ...icon(iconName, 16),
    title,
    ...(external ? [element('span', { class: footerClass.newTab }, [` ${ar.footer.opensInNewTab}`])] : []),
  ]);
}

/** The same markup as the React SiteFooter's content (features/content/components/site-footer.tsx). */
function footerContent(footer: Footer): HTMLElement {
  const about = element('div', {}, [
    element('p', { class: footerClass.heading }, [ar.app.name]),
    element('p', { class: footerClass.description }, [footer.description]),
  ]);
  if (footer.contact.email || footer.contact.phone) {
    const list = element('ul', { class: footerClass.list, 'aria-label': ar.footer.contact });
    list.style.marginTop = '0.75rem';
    if (footer.contact.email) {
      const a = element('a', { class: footerClass.link, href: `mailto:${footer.contact.email}` }, [
        ...icon('mail', 16),
        element('span', { dir: 'ltr' }, [footer.contact.email]),
      ]);
      list.append(element('li', {}, [a]));
    }
    if (footer.contact.phone) {
      const a = element('a', { class: footerClass.link, href: `tel:${footer.contact.phone}` }, [
        ...icon('phone', 16),
        element('span', { dir: 'ltr' }, [footer.contact.phone]),
      ]);
      list.append(element('li', {}, [a]));
    }
    about.append(list);
  }
  if (footer.social.length) {
    about.append(
      element(
        'ul',
        { class: footerClass.social, 'aria-label': ar.footer.followUs },
        footer.social.map((s) =>
          element('li', {}, [
            element(
              'a',
              {
                href: s.url,
                class: footerClass.socialLink,
                target: '_blank',
                rel: 'noopener noreferrer',
                'aria-label': `${PAYMENT_SOCIAL_LABELS[s.network] ?? s.network} ${ar.footer.opensInNewTab}`,
              },
              icon(s.network),
            ),
          ]),
        ),
      ),
    );
  }
  const sections = footer.sections.map((section) =>
    element('nav', { 'aria-label': section.title }, [
      element('p', { class: footerClass.heading }, [section.title]),
      element(
        'ul',
        { class: footerClass.list },
        section.links.map((link) => element('li', {}, [footerLink(link.url, link.title, link.icon)])),
      ),
    ]),
  );
  return element('div', { class: footerClass.grid }, [about, ...sections]);
}

/** The jobs pages' phone link (jobs-page.tsx, `Contact`): shown with the number entered in the footer tab. */
function contactPhone(phone: string) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-contact-phone]')) {
    const number = link.querySelector('span[dir="ltr"]');
    if (!number) continue;
    number.textContent = phone;
    link.href = `tel:${phone}`;
    link.style.display = '';
  }
}

async function footer() {
  const slot = document.querySelector('[data-testid="footer-skeleton"]');
  if (!slot) return;
  try {
    const data = await call(content.footer);
    slot.replaceWith(footerContent(data));
    if (data.contact.phone) contactPhone(data.contact.phone);
  } catch {
    slot.replaceWith(element('p', { role: 'alert', class: footerClass.description }, [ar.footer.loadFailed]));
  }
}

async function session() {
  // Signed-out header stays on failure: the visitor can still sign in, and /login checks the session itself.
  const known = call(auth.session).then(
    ({ user }) => user,
    () => null,
  );
  // Until the session is known the header shows login and register. /login signs a signed-in visitor out
  // (spec §2), so a click that early waits for the answer and takes a signed-in visitor to the dashboard.
  const early = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-island="account"] a') : null;
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    void known.then((user) => window.location.assign(user ? paths.dashboard : link.href));
  };
  document.addEventListener('click', early);
  const user = await known;
  document.removeEventListener('click', early);
  if (user) signedInHeader(user);
}

/**
 * /pricing as sent to a visitor without a session (routes/pricing.tsx): the free package leads to registering,
 * a paid one to signing in with the choice remembered, and back on /pricing — signed in, with React — its
 * payment dialog opens (spec §4).
 */
function packageChoices() {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-package-name]')) {
    button.addEventListener('click', () => {
      if (Number(button.dataset.packagePrice) === 0) return window.location.assign(paths.register);
      rememberPackage(button.dataset.packageName ?? '');
      window.location.assign(loginHref(paths.pricing));
    });
  }
}

/** A short message at the foot of the screen, read out by screen readers (the React pages' toast). */
function announce(text: string, tone: 'success' | 'error') {
  document.getElementById('static-toast')?.remove();
  const toast = element('div', { id: 'static-toast', role: tone === 'error' ? 'alert' : 'status' }, [text]);
  // Dark text colours on white read at 12:1 and more; the bar sits above the phone's bottom edge.
  toast.style.cssText = `position:fixed;inset-inline:1rem;bottom:1rem;margin:auto;max-width:28rem;padding:.75rem 1rem;border-radius:.5rem;background:#fff;color:${tone === 'error' ? '#a51111' : '#0b4f5c'};border:1px solid currentColor;box-shadow:0 4px 12px rgba(0,0,0,.15);z-index:1000;font:inherit`;
  document.body.append(toast);
  setTimeout(() => toast.remove(), 5000);
}

/** The CV guide's share button (content-page-view.tsx), prerendered disabled: live from here on. */
function shareButtons() {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-island="share"]')) {
    button.disabled = false;
    button.removeAttribute('data-disabled');
    button.addEventListener('click', async () => {
      const outcome = await sharePage(button.dataset.shareTitle ?? document.title);
      if (outcome === 'copied') announce(shareTexts.copied, 'success');
      else if (outcome === 'failed') announce(shareTexts.failed, 'error');
    });
  }
}

/** /login and /register: their forms (src/static-page/account-forms). */
function accountForm(): 'sign-in' | 'register' | undefined {
  const form = document.querySelector<HTMLFormElement>('form[data-account-form]');
  if (form?.dataset.accountForm === 'sign-in') signInPage(form);
  else if (form?.dataset.accountForm === 'register') registerPage(form);
  if (form) passwordToggles(document);
  return form?.dataset.accountForm as 'sign-in' | 'register' | undefined;
}

mobileMenu();
countUps();
packageChoices();
shareButtons();
void footer();
// /login ends the session it finds (spec §2), so its header stays signed out.
if (accountForm() !== 'sign-in') void session();
