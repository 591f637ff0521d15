/**
 * What admin-written HTML (content pages, templates) may hold. The server's sanitiser (apps/server
 * src/lib/html.ts) applies this list to everything saved and is the authority; the admin editor offers only
 * elements from it, so what an administrator writes there is saved unchanged.
 */
export const RICH_HTML_ALLOWED_TAGS: readonly string[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'code',
  'pre',
  'figure',
  'figcaption',
  // Keeps a phone number or an e-mail left-to-right inside an Arabic sentence.
  'bdi',
];

/** Attributes allowed per element; '*' applies to every element. */
export const RICH_HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  // A numbered list that goes on from an earlier one (the editor writes it).
  ol: ['start'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  '*': ['dir', 'lang'],
};

/** URL schemes a link or an image may use (relative addresses are allowed too). */
export const RICH_HTML_ALLOWED_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** What the sanitiser took out of saved HTML: element names and attribute names, each once, sorted. */
export interface HtmlRemovals {
  elements: string[];
  attributes: string[];
}
