import { ar } from '@sira/shared';
import type { MetaDescriptor } from 'react-router';
import { ogImageMeta } from '~/config/site';
import type { JobsCity } from './jobs-content';

export type JsonLdValue = string | number | boolean | null | JsonLdValue[] | JsonLdObject;
export type JsonLdObject = { [key: string]: JsonLdValue };

/** The posting stays valid for one year from the build (spec): 29 February ends on 28 February, not 1 March. */
export function oneYearAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return next;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Google reads HTML in a JobPosting description: the summary, then the sectors with their company counts. */
function postingDescriptionHtml(city: JobsCity): string {
  const sectors = city.sectors.map((sector) => `<li>${escapeHtml(sector.name)}: ${sector.companies}</li>`).join('');
  return `<p>${escapeHtml(city.posting.description)}</p><ul>${sectors}</ul>`;
}

/**
 * A schema.org JobPosting with every property Google requires (title, description, datePosted,
 * hiringOrganization, jobLocation) and validThrough one year after the build.
 */
export function jobPostingJsonLd(city: JobsCity, builtAt: Date, siteUrl: string): JsonLdObject {
  if (Number.isNaN(builtAt.getTime())) throw new RangeError('jobPostingJsonLd: the build date is not a valid date');
  const { posting } = city;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: posting.title,
    description: postingDescriptionHtml(city),
    identifier: { '@type': 'PropertyValue', name: posting.hiringOrganization.name, value: `jobs-${city.slug}` },
    datePosted: builtAt.toISOString().slice(0, 10),
    validThrough: oneYearAfter(builtAt).toISOString(),
    employmentType: posting.employmentType,
    directApply: false,
    url: siteUrl + city.path,
    hiringOrganization: {
      '@type': 'Organization',
      name: posting.hiringOrganization.name,
      sameAs: siteUrl,
      url: siteUrl,
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: posting.jobLocation.addressLocality,
        addressRegion: posting.jobLocation.addressRegion,
        addressCountry: posting.jobLocation.addressCountry,
      },
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">` body: '<', '>' and '&' become \u escapes so a value
 * holding `</script>` or `<!--` cannot end the script, and U+2028/U+2029 cannot break older parsers.
 */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The head of a city page: title, description, canonical address, Open Graph and the JobPosting.
 * React Router escapes '<', '>' and '&' in a `script:ld+json` descriptor the same way jsonLdScript does.
 */
export function jobsPageMeta(city: JobsCity, builtAt: Date, siteUrl: string): MetaDescriptor[] {
  const url = siteUrl + city.path;
  const title = city.title(builtAt.getUTCFullYear());
  return [
    { title },
    { name: 'description', content: city.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: city.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'ar_SA' },
    { property: 'og:site_name', content: ar.app.name },
    ...ogImageMeta(city.path, title, siteUrl),
    { 'script:ld+json': jobPostingJsonLd(city, builtAt, siteUrl) },
  ];
}
