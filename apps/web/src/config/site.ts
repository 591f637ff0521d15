/** A placeholder origin in prerendered HTML; the server replaces it with PUBLIC_BASE_URL when it serves the page. */
export const SITE_URL = 'https://sira.invalid';
