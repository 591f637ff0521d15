import { Link } from '@mantine/tiptap';
import { RICH_HTML_ALLOWED_SCHEMES } from '@sira/shared/rules/rich-html';
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** A relative address (`/pricing`, `#part`) or one whose scheme the server's sanitiser allows. */
export function linkAllowed(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  if (!scheme) return !url.trim().startsWith('//');
  return RICH_HTML_ALLOWED_SCHEMES.includes(scheme);
}

/**
 * What the admin editor can write: Tiptap's starter kit (paragraphs, headings, lists, quotes, code, rules,
 * bold, italic, underline, strike, links), each of which renders as an element the server's sanitiser keeps
 * (rules/rich-html.ts; rich-text-extensions.test.ts checks it), so what the administrator sees is what is saved.
 */
export const richTextExtensions: Extensions = [
  StarterKit.configure({
    // Mantine's own Link (below) adds the toolbar's link editor and its shortcut.
    link: false,
    // Every level, so a saved <h1> or <h5> stays a heading; the toolbar offers 2 to 4 (the page title is 1).
    heading: { levels: [1, 2, 3, 4, 5, 6] },
  }),
  Link.configure({
    openOnClick: false,
    // A link opens in the same tab unless the administrator chooses a new one (the sanitiser then adds
    // rel="noopener noreferrer"): the seeded pages link to Sira's own pages.
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => linkAllowed(url),
  }),
];
