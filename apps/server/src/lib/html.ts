import {
  type HtmlRemovals,
  RICH_HTML_ALLOWED_ATTRIBUTES,
  RICH_HTML_ALLOWED_SCHEMES,
  RICH_HTML_ALLOWED_TAGS,
} from '@sira/shared/rules/rich-html';
import sanitizeHtml from 'sanitize-html';

/**
 * Admin-written HTML (content pages, templates) is sanitised when written, so every reader can render it.
 * Allowed (packages/shared rules/rich-html.ts): text structure, links and images over http(s)/mailto/tel or
 * relative URLs. Scripts, event handlers, styles and javascript: URLs never survive.
 */
const richHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_HTML_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_HTML_ALLOWED_SCHEMES],
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

/**
 * Mail (templates, the message a user sends): an image travels as an address the recipient's mail client
 * fetches, so only an absolute https one can show there. Any other (`src="x"`, relative, http, none) would be
 * a broken image in every e-mail, or one fetched in clear: the image goes, its alt text with it.
 */
const isMailImage = (attribs: Record<string, string>) => /^https:\/\/[^\s/]/i.test(attribs.src ?? '');
const mailHtmlOptions: sanitizeHtml.IOptions = {
  ...richHtmlOptions,
  exclusiveFilter: (frame) => frame.tag === 'img' && !isMailImage(frame.attribs),
};

/** sanitizeRichHtml for the body of an e-mail: images only with an https address. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, mailHtmlOptions);
}

const attributeAllowed = (tag: string, name: string) =>
  (RICH_HTML_ALLOWED_ATTRIBUTES[tag] ?? []).includes(name) || (RICH_HTML_ALLOWED_ATTRIBUTES['*'] ?? []).includes(name);

const quoted = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Whether the sanitiser keeps this attribute's value (a URL with an allowed scheme, a non-empty value…). */
function valueKept(tag: string, name: string, value: string): boolean {
  const alone = sanitizeHtml(`<${tag} ${name}="${quoted(value)}"></${tag}>`, {
    ...richHtmlOptions,
    allowedTags: [tag],
    allowedAttributes: { [tag]: [name] },
    transformTags: {},
  });
  return alone.includes(` ${name}=`);
}

/**
 * Sanitises like sanitizeRichHtml and says what it took out: elements not on the list (their text is kept,
 * a script's or a style's is not) and attributes dropped, whether not allowed or holding an address with a
 * scheme that is not (`javascript:`); for mail, images without an https address too (sanitizeMailHtml). The
 * administrator is told after saving, so nothing vanishes unseen.
 */
export function cleanRichHtml(html: string, use: 'page' | 'mail' = 'page'): { html: string; removed: HtmlRemovals } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  const clean = sanitizeHtml(html, {
    ...(use === 'mail' ? mailHtmlOptions : richHtmlOptions),
    onOpenTag: (tag, attribs) => {
      if (!RICH_HTML_ALLOWED_TAGS.includes(tag)) {
        elements.add(tag);
        return;
      }
      if (use === 'mail' && tag === 'img' && !isMailImage(attribs)) {
        elements.add(tag);
        return;
      }
      for (const [name, value] of Object.entries(attribs)) {
        if (!attributeAllowed(tag, name) || !valueKept(tag, name, value)) attributes.add(name);
      }
    },
  });
  return { html: clean, removed: { elements: [...elements].sort(), attributes: [...attributes].sort() } };
}
