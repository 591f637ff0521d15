/**
 * The personal touch's placeholders (spec: {{company_name}}, {{sector}}, {{location}}; and the applicant's
 * {{applicant_name}}, {{applicant_name_en}}, {{applicant_phone}}), written with any
 * spacing or case inside the braces. Anything else between double braces would reach every company as it is
 * typed — `{{company}}`, `{{الشركة}}` — so a template or a send that holds one is refused with the list.
 */
export const PLACEHOLDER_NAMES = [
  'company_name',
  'sector',
  'location',
  'applicant_name',
  'applicant_name_en',
  'applicant_phone',
  'job_title',
] as const;

/**
 * Placeholders only an application to a job ad has a value for (ADR 029): a send to the directory or the
 * user's own list is refused with PLACEHOLDER_JOB_AD_ONLY when its text holds one.
 */
export const JOB_AD_PLACEHOLDERS = ['job_title'] as const;

const BRACED = /\{\{([^{}]*)\}\}/g;

/** The placeholders in `text` that are not one of PLACEHOLDER_NAMES, as written. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(BRACED)) {
    const name = (match[1] ?? '').trim().toLowerCase();
    if (!(PLACEHOLDER_NAMES as readonly string[]).includes(name)) unknown.push(match[0]);
  }
  return unknown;
}

/** What each placeholder stands for, in the user's words. */
export const PLACEHOLDER_LABELS: Record<(typeof PLACEHOLDER_NAMES)[number], string> = {
  company_name: 'اسم الشركة',
  sector: 'القطاع',
  location: 'الموقع',
  applicant_name: 'اسمك',
  applicant_name_en: 'اسمك بالإنجليزية',
  applicant_phone: 'رقم جوالك',
  job_title: 'المسمى الوظيفي',
};

/**
 * A subject or text as its author reads it back in a list: each placeholder as «what it stands for» (the
 * message itself has each company's own value there), anything else as written.
 */
export function withReadablePlaceholders(text: string): string {
  return text.replace(BRACED, (whole, inner: string) => {
    const name = inner.trim().toLowerCase() as (typeof PLACEHOLDER_NAMES)[number];
    return PLACEHOLDER_LABELS[name] ? `«${PLACEHOLDER_LABELS[name]}»` : whole;
  });
}
