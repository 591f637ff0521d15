import { JOB_AD_PLACEHOLDERS } from '@sira/shared/rules/placeholders';

/**
 * The personal touch: {{company_name}}, {{sector}} and {{location}} in a subject or content are replaced by
 * the company's own values, {{job_title}} by the job a job ad's delivery applies for (ADR 029), and
 * {{applicant_name}}, {{applicant_name_en}}, {{applicant_phone}} by the applicant's, the same for every company. A template is compiled once per job into literal pieces and
 * placeholders (the applicant's bound into the literals then), so filling it for each of thousands of
 * companies is a join, not a search.
 */

export const COMPANY_PLACEHOLDERS = ['company_name', 'sector', 'location'] as const;
export const APPLICANT_PLACEHOLDERS = ['applicant_name', 'applicant_name_en', 'applicant_phone'] as const;
export const PLACEHOLDERS = [...COMPANY_PLACEHOLDERS, ...JOB_AD_PLACEHOLDERS, ...APPLICANT_PLACEHOLDERS] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
/** One delivery's own values: its company's, and the job title of a job ad's delivery (absent for any other). */
export type CompanyFields = Record<(typeof COMPANY_PLACEHOLDERS)[number], string> &
  Partial<Record<(typeof JOB_AD_PLACEHOLDERS)[number], string>>;
export type ApplicantFields = Record<(typeof APPLICANT_PLACEHOLDERS)[number], string>;

// Any spacing or case inside the braces (templates are checked against the same names: rules/placeholders).
const PLACEHOLDER_PATTERN = new RegExp(`\\{\\{\\s*(${PLACEHOLDERS.join('|')})\\s*\\}\\}`, 'gi');

const JOB_AD_PLACEHOLDER_PATTERN = new RegExp(`\\{\\{\\s*(${JOB_AD_PLACEHOLDERS.join('|')})\\s*\\}\\}`, 'i');

/**
 * Whether a text holds a placeholder only a job ad's delivery has a value for: a send to the directory or the
 * user's own list would put an empty space where the job title should be, so it is refused instead.
 */
export const holdsJobAdPlaceholder = (text: string) => JOB_AD_PLACEHOLDER_PATTERN.test(text);

export type CompiledTemplate = ReadonlyArray<string | { field: Placeholder }>;

export function compileTemplate(template: string): CompiledTemplate {
  const pieces: Array<string | { field: Placeholder }> = [];
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    if (match.index > at) pieces.push(template.slice(at, match.index));
    pieces.push({ field: (match[1] as string).toLowerCase() as Placeholder });
    at = match.index + match[0].length;
  }
  if (at < template.length) pieces.push(template.slice(at));
  return pieces;
}

/** A field no one has a value for (an applicant field never bound) is left empty rather than shown in braces. */
export function fillTemplate(
  compiled: CompiledTemplate,
  fields: Partial<Record<Placeholder, string>>,
  encode: (value: string) => string = (v) => v,
): string {
  let out = '';
  for (const piece of compiled) out += typeof piece === 'string' ? piece : encode(fields[piece.field] ?? '');
  return out;
}

/** The applicant's values written into the compiled template once, leaving only the company's to fill per message. */
export function bindApplicant(
  compiled: CompiledTemplate,
  applicant: ApplicantFields,
  encode: (value: string) => string = (v) => v,
): CompiledTemplate {
  const bound: Array<string | { field: Placeholder }> = [];
  for (const piece of compiled) {
    const value = typeof piece === 'string' ? piece : (applicant as Partial<Record<Placeholder, string>>)[piece.field];
    const literal = typeof piece === 'string' ? piece : value === undefined ? undefined : encode(value);
    if (literal === undefined) bound.push(piece);
    else if (typeof bound[bound.length - 1] === 'string') bound[bound.length - 1] += literal;
    else bound.push(literal);
  }
  return bound;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[ch]};`);
}

/** Convenience for one-off fills (tests, previews). */
export function personalize(template: string, fields: Partial<Record<Placeholder, string>>, options: { html?: boolean } = {}): string {
  return fillTemplate(compileTemplate(template), fields, options.html ? escapeHtml : undefined);
}
