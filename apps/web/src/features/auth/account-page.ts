import { ar } from '@sira/shared';
import { redirectDocument } from 'react-router';
import { ogImageMeta, SITE_URL } from '~/config/site';

/**
 * /login and /register are server-rendered without React, like the landing page (ADR 004, "account pages"):
 * their forms work through src/static-page/account-forms.
 */
export const accountPageHandle = { staticPage: true };

/**
 * Reached by a link or redirect inside the signed-in app, the page is loaded as a document: its behaviour is
 * the static page's script, which a client-side render would not run.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}

/** Title, description, the one canonical link and the link-preview tags, from PUBLIC_BASE_URL. */
export function accountPageMeta(path: string, heading: string, description: string) {
  const title = `${heading} | ${ar.app.name}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: `${SITE_URL}${path}` },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${SITE_URL}${path}` },
    { property: 'og:locale', content: 'ar_SA' },
    { property: 'og:site_name', content: ar.app.name },
    ...ogImageMeta(path, title),
  ];
}
