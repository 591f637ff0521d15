import { RICH_HTML_ALLOWED_ATTRIBUTES, RICH_HTML_ALLOWED_TAGS } from '@sira/shared/rules/rich-html';
import { getSchema } from '@tiptap/core';
import type { DOMOutputSpec, Mark, Node } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { linkAllowed, richTextExtensions } from './rich-text-extensions';

/** Each element name and its attribute names in a ProseMirror DOM spec (`['p', {attrs}, 0]`, nested). */
function elementsOf(spec: DOMOutputSpec, found: Array<{ tag: string; attributes: string[] }> = []) {
  if (!Array.isArray(spec)) return found;
  const [tag, ...rest] = spec as [string, ...unknown[]];
  const attrs = rest[0] && typeof rest[0] === 'object' && !Array.isArray(rest[0]) ? (rest[0] as Record<string, unknown>) : {};
  found.push({ tag: tag.replace(/^.*\s/, ''), attributes: Object.keys(attrs).filter((k) => attrs[k] != null) });
  for (const child of rest) if (Array.isArray(child)) elementsOf(child as unknown as DOMOutputSpec, found);
  return found;
}

const allowedAttribute = (tag: string, name: string) =>
  (RICH_HTML_ALLOWED_ATTRIBUTES[tag] ?? []).includes(name) || (RICH_HTML_ALLOWED_ATTRIBUTES['*'] ?? []).includes(name);

describe('the admin editor', () => {
  const schema = getSchema(richTextExtensions);

  it('writes only elements and attributes the server keeps', () => {
    const written: Array<{ tag: string; attributes: string[] }> = [];
    for (const type of Object.values(schema.nodes)) {
      if (!type.spec.toDOM) continue;
      const attrs = type.name === 'heading' ? { level: 2 } : type.name === 'orderedList' ? { start: 3 } : undefined;
      const node = type.isText ? schema.text('x') : (type.createAndFill(attrs) as Node);
      written.push(...elementsOf(type.spec.toDOM(node)));
    }
    for (const type of Object.values(schema.marks)) {
      const attrs = type.name === 'link' ? { href: 'https://example.com', target: '_blank', title: 't' } : undefined;
      written.push(...elementsOf(type.spec.toDOM?.(type.create(attrs) as Mark, true) as DOMOutputSpec));
    }
    expect(written.map((e) => e.tag)).toContain('a');
    const refused = written.filter((e) => !RICH_HTML_ALLOWED_TAGS.includes(e.tag) || e.attributes.some((a) => !allowedAttribute(e.tag, a)));
    expect(refused).toEqual([]);
  });

  it('takes relative links and the schemes the server keeps, and no other', () => {
    expect(['/pricing', '#a', 'https://a.example', 'mailto:a@example.com', 'tel:+966500000000'].every(linkAllowed)).toBe(true);
    expect(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://a.example'].some(linkAllowed)).toBe(false);
  });
});
