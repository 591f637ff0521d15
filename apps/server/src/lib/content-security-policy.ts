import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of every answer. Scripts come from this origin only: no inline script runs
 * unless the HTML page that carries it names it by hash (contentSecurityPolicy(inlineScriptHashes(html))), and
 * no event-handler attribute runs at all. Styles may be inline (Mantine sets style attributes); images may
 * come from https addresses an administrator links to (there is no image upload).
 */
const DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['font-src', ["'self'", 'data:']],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['img-src', ["'self'", 'data:', 'https:']],
  ['object-src', ["'none'"]],
  ['script-src', ["'self'"]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['connect-src', ["'self'"]],
];

/** The policy, with `scriptHashes` ('sha256-…' sources) added to script-src. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return DIRECTIVES.map(([name, sources]) => [name, ...sources, ...(name === 'script-src' ? scriptHashes : [])].join(' ')).join(';');
}

/** `type` values of a <script> that the browser runs; any other (application/ld+json…) is data, outside the CSP. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP sources ('sha256-…', quoted) of the inline scripts an HTML page runs, as the browser hashes them: the
 * exact text between the tags, as UTF-8. React Router's prerendered pages and the app shell carry a handful
 * (the colour-scheme script, the router's context and module bootstrap, React's streaming helpers), and they
 * change with every build — so they are read from the built files when the server starts, never listed by hand.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
