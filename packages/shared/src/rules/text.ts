/**
 * Characters that have no place in what people type into Sira, and the one rule each side applies to them.
 *
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1) are never typed: they come from
 * another system's export or a crafted request, and PostgreSQL refuses a NUL in text outright. The server
 * refuses any request carrying one (CONTROL_CHARACTERS) before its schema is checked.
 *
 * Line breaks (line feed, carriage return, U+2028, U+2029) are text in a description, a message or a page, and
 * refused in a one-line field — a name, a title, a subject, an address, a key (LINE_BREAKS): a package name
 * or a company name that breaks its line breaks the card, the table row or the e-mail subject it is shown in.
 * The server's schemas (`singleLineText`, schemas/common.ts) and the admin forms (`lineBreakProblem`,
 * forms/rule.ts) apply the same `hasLineBreak`.
 *
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) open a direction scope that
 * reaches past the text they sit in: a right-to-left override in a package name shows the name reversed on
 * /pricing, and in a company name it would reverse the rest of an e-mail subject. They are dropped from names,
 * titles and other display text. The marks U+200E (LRM), U+200F (RLM) and U+061C (ALM) are kept there: Arabic
 * text uses them to place punctuation and numbers next to Latin words, and a mark has no scope to leak.
 * An e-mail address may carry neither kind, nor any other invisible format character (isMailAddress,
 * EMAIL_PATTERN).
 *
 * A file name keeps none of them, marks included (withoutFormatCharacters): there a right-to-left override turns
 * "CV\u202efdp.exe" into what reads as "CVexe.pdf", and a mark or an isolate next to the dots reorders the
 * extension just as well. Nothing in a file name needs them.
 */

// Control characters (\p{Cc}: U+0000–U+001F, U+007F–U+009F) other than tab, line feed and carriage return.
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;
const BIDI_SCOPES = /[\u202a-\u202e\u2066-\u2069]/g;

/** Whether a text holds a control character other than tab, line feed or carriage return. */
export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** Whether a text holds a line break: what a one-line field refuses. */
export const hasLineBreak = (text: string): boolean => LINE_BREAK.test(text);

/** The text without bidirectional embeddings, overrides and isolates (the LRM, RLM and ALM marks stay). */
export const withoutBidiScopes = (text: string): string => text.replace(BIDI_SCOPES, '');

// Every format character (\p{Cf}: the bidi marks, embeddings, overrides and isolates, ALM, soft hyphen, word
// joiner, BOM, tags…) but the zero-width non-joiner and joiner, which Persian and Urdu spelling needs and which
// reorder nothing; control characters; line and paragraph separators; and lone surrogates, which no encoder takes.
const INVISIBLE_IN_NAMES = /[^\P{Cf}\u200c\u200d]|[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The text without invisible characters that could reorder or hide part of it: for file names. */
export const withoutFormatCharacters = (text: string): string => text.replace(INVISIBLE_IN_NAMES, '');
