// Bidi and zero-width marks that spreadsheets and pasted text carry around Arabic but nobody means to type; a
// right-to-left override in a name would also reach e-mail subjects through {{company_name}}.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const CONTROL = /[\p{Cc}\p{Cs}]/gu;

/**
 * A company's name, address, sector or location as stored, from a spreadsheet cell or the admin's form alike:
 * invisible marks dropped (here the LRM and RLM marks too, unlike other display text: a directory entry has
 * no use for them, and they would hide a repeated address), runs of white space made one space, control
 * characters (a NUL from another system's export, which the database refuses; a form's request carrying one
 * is refused before it gets here) and lone surrogates removed, trimmed.
 */
export function companyText(value: string): string {
  return value.replace(INVISIBLE, '').replace(/\s+/g, ' ').replace(CONTROL, '').trim();
}
