import { getSchema } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { ALLOWED_HTML, isAllowedHref, RICH_TEXT_EXTENSIONS } from './rich-text-schema';

// What the editor can write, checked on its schema without a browser: every node and mark it
// knows renders as a tag of spec §9's allowlist, with allowed attributes only.

type DomSpec = readonly [string, ...unknown[]];

function tagAndAttributes(spec: unknown): { tag: string; attributes: string[] } {
  const [tag, maybeAttributes] = spec as DomSpec;
  const attributes =
    maybeAttributes && typeof maybeAttributes === 'object' && !Array.isArray(maybeAttributes)
      ? Object.entries(maybeAttributes)
          .filter(([, value]) => value !== null && value !== undefined)
          .map(([name]) => name)
      : [];
  return { tag, attributes };
}

describe('rich-text editor schema', () => {
  const schema = getSchema(RICH_TEXT_EXTENSIONS);

  it('knows only paragraphs, line breaks and text besides the document', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(['doc', 'hardBreak', 'paragraph', 'text']);
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic', 'link', 'strike', 'underline']);
  });

  it('writes every node as an allowed tag', () => {
    for (const [name, type] of Object.entries(schema.nodes)) {
      if (name === 'doc' || name === 'text') continue;
      const { tag, attributes } = tagAndAttributes(type.spec.toDOM?.(type.create()));
      expect(Object.keys(ALLOWED_HTML), name).toContain(tag);
      for (const attribute of attributes) expect(ALLOWED_HTML[tag], `${name} ${attribute}`).toContain(attribute);
    }
    expect(tagAndAttributes(schema.nodes.paragraph?.spec.toDOM?.(schema.nodes.paragraph.create())).tag).toBe('div');
  });

  it('writes every mark as a styled span, or a link with its href only', () => {
    const expected: Record<string, [string, Record<string, string>]> = {
      bold: ['span', { style: 'font-weight:bold' }],
      italic: ['span', { style: 'font-style:italic' }],
      underline: ['span', { style: 'text-decoration:underline' }],
      strike: ['span', { style: 'text-decoration:line-through' }],
      link: ['a', { href: 'https://example.com/a' }],
    };
    for (const [name, type] of Object.entries(schema.marks)) {
      const mark = type.create(name === 'link' ? { href: 'https://example.com/a', target: '_blank' } : {});
      const spec = type.spec.toDOM?.(mark, true) as DomSpec;
      expect([spec[0], spec[1]], name).toEqual(expected[name]);
    }
  });

  it('links only to http(s), mailto or a path of the site', () => {
    for (const good of ['https://example.com', 'http://x.y/z', 'mailto:help@example.com', '/notice/3']) {
      expect(isAllowedHref(good), good).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x', 'notice']) {
      expect(isAllowedHref(bad), bad).toBe(false);
    }
  });
});
