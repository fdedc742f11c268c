import Link from '@tiptap/extension-link';
import type { StyleParseRule, TagParseRule } from '@tiptap/pm/model';
import { type Extensions, Mark, Node } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

// The editor's document model, built so that its HTML uses only spec §9's allowlist: div (a
// paragraph), br (a line break), span with a style (bold, italic, underline, strike) and a with
// href. Headings, lists, quotes and code are left out: they have no allowed tag. The api sanitises
// again before storing (apps/api/src/modules/support/html.ts); this keeps the two in agreement,
// so what the admin sees while writing is what readers get.

/** Tags and attributes the editor may write (spec §9). */
export const ALLOWED_HTML: Readonly<Record<string, readonly string[]>> = {
  div: ['style'],
  span: ['style'],
  a: ['style', 'href'],
  br: [],
};

/** A paragraph written as <div>; <p> and <div> both read back as one. */
const DivParagraph = Node.create({
  name: 'paragraph',
  priority: 1000,
  group: 'block',
  content: 'inline*',
  parseHTML() {
    return [{ tag: 'p' }, { tag: 'div' }];
  },
  renderHTML() {
    return ['div', 0];
  },
});

/** A text style written as <span style="…">, read back from the same span or the usual tags. */
function styleMark(name: string, style: string, parse: (TagParseRule | StyleParseRule)[], shortcut: string) {
  return Mark.create({
    name,
    parseHTML() {
      return parse;
    },
    renderHTML() {
      return ['span', { style }, 0];
    },
    addKeyboardShortcuts() {
      return { [shortcut]: () => this.editor.commands.toggleMark(name) };
    },
  });
}

const has = (word: string) => (value: string) => (value.includes(word) ? null : false);

export const Bold = styleMark(
  'bold',
  'font-weight:bold',
  [
    { tag: 'strong' },
    { tag: 'b' },
    { style: 'font-weight', getAttrs: (value: string) => (/^(bold|bolder|[6-9]00)$/.test(value) ? null : false) },
  ],
  'Mod-b',
);
export const Italic = styleMark(
  'italic',
  'font-style:italic',
  [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style', getAttrs: has('italic') }],
  'Mod-i',
);
export const Underline = styleMark(
  'underline',
  'text-decoration:underline',
  [{ tag: 'u' }, { style: 'text-decoration', getAttrs: has('underline') }],
  'Mod-u',
);
export const Strike = styleMark(
  'strike',
  'text-decoration:line-through',
  [{ tag: 's' }, { tag: 'del' }, { style: 'text-decoration', getAttrs: has('line-through') }],
  'Mod-Shift-s',
);

/** Links the sanitiser keeps: http(s), mailto, or a path of the site (never `//host`). */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href) || /^\/(?!\/)/.test(href);
}

/** A link as <a href> only: no target, rel or class (not in the allowlist). */
const HrefLink = Link.extend({
  renderHTML({ HTMLAttributes }) {
    return ['a', { href: HTMLAttributes.href }, 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  HTMLAttributes: { target: null, rel: null, class: null },
  isAllowedUri: (url) => isAllowedHref(url),
});

export const RICH_TEXT_EXTENSIONS: Extensions = [
  StarterKit.configure({
    paragraph: false,
    bold: false,
    italic: false,
    underline: false,
    strike: false,
    link: false,
    heading: false,
    blockquote: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
  }),
  DivParagraph,
  Bold,
  Italic,
  Underline,
  Strike,
  HrefLink,
];
