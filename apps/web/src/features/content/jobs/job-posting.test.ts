import { describe, expect, it } from 'vitest';
import { jobPostingJsonLd, jobsPageMeta, jsonLdScript, oneYearAfter } from './job-posting';
import { jobsCities } from './jobs-content';

const SITE = 'https://sira.example';
const BUILT_AT = new Date('2026-03-15T09:30:00.000Z');
const cities = Object.values(jobsCities);

type Posting = Record<string, unknown> & {
  hiringOrganization: Record<string, unknown>;
  jobLocation: { '@type': string; address: Record<string, unknown> };
};

function posting(city = jobsCities.riyadh, builtAt = BUILT_AT): Posting {
  return jobPostingJsonLd(city, builtAt, SITE) as unknown as Posting;
}

function expectText(value: unknown) {
  expect(typeof value).toBe('string');
  expect((value as string).trim()).not.toBe('');
}

describe('jobPostingJsonLd', () => {
  it('is posted on the build date and valid for exactly one year after it', () => {
    const data = posting();
    expect(data.datePosted).toBe('2026-03-15');
    expect(data.validThrough).toBe('2027-03-15T09:30:00.000Z');
    expect(Date.parse(data.validThrough as string) - BUILT_AT.getTime()).toBe(365 * 24 * 60 * 60 * 1000);
  });

  it('counts the leap day when the year crosses it, and ends a 29 February posting on 28 February', () => {
    expect(oneYearAfter(new Date('2027-06-01T00:00:00Z')).toISOString()).toBe('2028-06-01T00:00:00.000Z');
    expect(oneYearAfter(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  it('refuses an invalid build date instead of emitting "Invalid Date"', () => {
    expect(() => posting(jobsCities.jeddah, new Date('not a date'))).toThrow(RangeError);
  });

  it.each(cities)('has every property Google requires for $slug', (city) => {
    const data = posting(city);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('JobPosting');
    for (const key of ['title', 'description', 'datePosted', 'validThrough', 'employmentType']) expectText(data[key]);
    expect(data.description).toContain(city.sectors[0]?.name);
    expect(data.directApply).toBe(false);
    expect(data.url).toBe(SITE + city.path);

    expect(data.hiringOrganization['@type']).toBe('Organization');
    expect(data.hiringOrganization.name).toBe('سيرة');
    expect(data.hiringOrganization.sameAs).toBe(SITE);

    expect(data.jobLocation['@type']).toBe('Place');
    expect(data.jobLocation.address['@type']).toBe('PostalAddress');
    expect(data.jobLocation.address.addressLocality).toBe(city.name);
    expectText(data.jobLocation.address.addressRegion);
    expect(data.jobLocation.address.addressCountry).toBe('SA');
  });
});

describe('jsonLdScript', () => {
  it('leaves no "<" that could close the script, and parses back to the same data', () => {
    const hostile = { ...posting(), title: '</script><script>alert(1)</script>', note: 'a & b > c \u2028 <!--' };
    const body = jsonLdScript(hostile);
    expect(body).not.toContain('<');
    expect(body).not.toContain('>');
    expect(body).not.toContain('\u2028');
    expect(JSON.parse(body)).toEqual(hostile);
  });

  it.each(cities)('keeps the $slug posting (HTML description included) intact', (city) => {
    const data = posting(city);
    const body = jsonLdScript(data);
    expect(body).not.toContain('<');
    expect(JSON.parse(body)).toEqual(data);
  });
});

describe('jobsPageMeta', () => {
  it.each(cities)('gives $slug a short title, a 120–160 character description, a canonical address and Open Graph', (city) => {
    const meta = jobsPageMeta(city, BUILT_AT, SITE);
    const title = city.title(2026);
    expect(meta).toContainEqual({ title });
    expect(title).toContain('2026');
    expect(title.length).toBeLessThan(60);
    const description = city.description.length;
    expect(description).toBeGreaterThanOrEqual(120);
    expect(description).toBeLessThanOrEqual(160);
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: SITE + city.path });
    expect(meta).toContainEqual({ property: 'og:url', content: SITE + city.path });
    expect(meta).toContainEqual({ property: 'og:locale', content: 'ar_SA' });
    expect(meta).toContainEqual({ 'script:ld+json': jobPostingJsonLd(city, BUILT_AT, SITE) });
  });
});
