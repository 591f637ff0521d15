/**
 * The version of the terms and the privacy policy a user agrees to at registration (recorded with the time in
 * the server's `consents` table). Raise it when either page's default text changes in substance, so the record
 * says which text each user accepted.
 */
export const POLICY_VERSION = '2026-11-28';
