/**
 * A company address Sira can write into a To: header as it is: no spaces or control characters, none of the
 * characters with a meaning in address syntax (a list, a display name, a route), one @ and a dot after it.
 * The import, the admin's add/edit form and the MIME builder all use this one rule, so an address accepted
 * into the directory is one the sender will take — not one that fails, is refunded and is chosen again on
 * every later request.
 */
export const MAIL_ADDRESS_PATTERN = /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}]+$/u;

/** Whether `address` passes MAIL_ADDRESS_PATTERN and the 320-character limit of an address. */
export function isMailAddress(address: string): boolean {
  return address.length <= 320 && MAIL_ADDRESS_PATTERN.test(address);
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
