import sanitizeHtml from 'sanitize-html';

/**
 * Admin-written HTML (content pages, templates) is sanitised when written, so every reader can render it.
 * Allowed: text structure, links and images over http(s)/mailto/tel or relative URLs. Scripts, event
 * handlers, styles and javascript: URLs never survive.
 */
const richHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that open a new tab must not hand the opener to the other site. Browsers read any target
    // (`_Blank`, a window name) as another tab, so any target becomes `_blank` with the opener cut.
    a: (tagName, attribs) => {
      if (!attribs.target) return { tagName, attribs };
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, richHtmlOptions);
}
