/**
 * A company address Sira can write into a To: header as it is: no spaces, control characters or invisible
 * format characters (direction controls and marks, zero-width spaces), none of the characters with a meaning
 * in address syntax (a list, a display name, a route), one @ and a dot after it.
 * The import, the admin's add/edit form and the MIME builder all use this one rule, so an address accepted
 * into the directory is one the sender will take — not one that fails, is refunded and is chosen again on
 * every later request.
 */
const MAIL_ADDRESS_PATTERN = /^[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]+@[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]+\.[^\s@<>()[\]\\,;:"\p{Cc}\p{Cf}]+$/u;

/**
 * Whether `address` passes MAIL_ADDRESS_PATTERN, the 320-character limit of an address, and the dots rule of
 * both parts — the spreadsheet typos `hr@company..com`, `hr@.company.com`, `hr@company.com.` and `.hr@co.sa`
 * are not addresses, and Gmail refuses them.
 */
export function isMailAddress(address: string): boolean {
  if (address.length > 320 || !MAIL_ADDRESS_PATTERN.test(address)) return false;
  const at = address.indexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return domain.split('.').every((label) => label.length > 0 && label.length <= 63 && !label.startsWith('-') && !label.endsWith('-'));
}

/**
 * What people paste from other lists, tidied before the check: a `mailto:` prefix, surrounding angle
 * brackets, a trailing comma or semicolon, spaces around; lower case.
 */
export function tidyMailAddress(raw: string): string {
  return raw
    .trim()
    .replace(/[;,]+$/, '')
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
}
