/**
 * The personal touch: {{company_name}}, {{sector}} and {{location}} in a subject or content are replaced by
 * the company's own values. A template is compiled once per job into literal pieces and placeholders, so
 * filling it for each of thousands of companies is a join, not a search.
 */

export const PLACEHOLDERS = ['company_name', 'sector', 'location'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type CompanyFields = Record<Placeholder, string>;

// Any spacing or case inside the braces (templates are checked against the same names: rules/placeholders).
const PLACEHOLDER_PATTERN = /\{\{\s*(company_name|sector|location)\s*\}\}/gi;

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

export function fillTemplate(compiled: CompiledTemplate, company: CompanyFields, encode: (value: string) => string = (v) => v): string {
  let out = '';
  for (const piece of compiled) out += typeof piece === 'string' ? piece : encode(company[piece.field]);
  return out;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[ch]};`);
}

/** Convenience for one-off fills (tests, previews). */
export function personalize(template: string, company: CompanyFields, options: { html?: boolean } = {}): string {
  return fillTemplate(compileTemplate(template), company, options.html ? escapeHtml : undefined);
}
