/**
 * The message body as an e-mail shows it, shared by the sending engine (mime.ts) and the /send-resume preview.
 */

/** Block-level markup or a line break: content written as HTML, whose line breaks in the source mean nothing. */
const HTML_LAYOUT = /<(p|div|br|hr|h[1-6]|ul|ol|li|table|thead|tbody|tr|td|th|blockquote|pre|figure|figcaption)\b/i;

/**
 * Content typed as plain text (a template or message without paragraph markup) keeps its lines: Gmail shows
 * the HTML part, where a bare line break is only a space.
 */
export function keepPlainLines(content: string): string {
  if (HTML_LAYOUT.test(content)) return content;
  // Only between tags: a line break inside an attribute (a title, an alt text) is not a line of the message.
  return content
    .trim()
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(/\r\n?|\n/g, '<br>')))
    .join('');
}

/** Paragraphs, line breaks and emphasis: the markup a template may have and still be edited as text. */
const SIMPLE_TAG = /<\/?(p|br|strong|b|em|i|span)(\s+dir="(rtl|ltr|auto)")?\s*\/?>/gi;
const ANY_TAG = /<[^>]*>/;

/**
 * A template's HTML as a job seeker edits it in /send-resume: paragraphs as blank-line-separated lines, with
 * no tags to read around (in right-to-left text a closing tag even shows reversed, `<p/>`). The e-mail keeps
 * the lines (keepPlainLines); emphasis is dropped. A template with any other markup (a link, a list) is left
 * as written, so nothing it says is lost.
 */
export function editableText(html: string): string {
  if (ANY_TAG.test(html.replace(SIMPLE_TAG, ''))) return html;
  return html
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<br\s*\/?>\s*/gi, '\n')
    .replace(SIMPLE_TAG, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
