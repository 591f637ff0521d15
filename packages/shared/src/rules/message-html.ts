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
