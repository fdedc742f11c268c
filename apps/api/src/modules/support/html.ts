import { normalizeSearchText } from '@balcony/contracts';
import sanitizeHtml from 'sanitize-html';

// The one sanitiser of admin HTML (notice bodies, FAQ answers, policy texts): exactly the
// allowlist of spec §9 — span, br, a and div; style on span and div; style and href on a — with
// links only to http, https and mailto (or a path of the site), and inline styles only of a few
// properties whose values are matched whole, so a style cannot carry url(), expression() or
// another way out (decision 0180). It runs when an admin writes, and the stored text is the
// sanitised one, so every reader (web, app, cache) gets the same clean HTML.

/** Colours: #rgb, #rrggbb (with alpha), rgb()/rgba() of numbers, or a colour name. */
const COLOUR = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** The CSS properties a style attribute may hold, each with the values it may take. */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOUR,
  'background-color': COLOUR,
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(?:normal|italic|oblique)$/],
  'text-decoration': [/^(?:none|underline|line-through|overline)(?: (?:underline|line-through|overline))*$/],
  'text-align': [/^(?:left|right|center|justify|start|end)$/],
  'font-size': [
    /^(?:\d{1,3}(?:\.\d{1,2})?(?:px|em|rem|%))$/,
    /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/,
  ],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['span', 'br', 'a', 'div'],
  allowedAttributes: { span: ['style'], div: ['style'], a: ['style', 'href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // `//host/path` leaves the site as surely as a scheme does.
  allowProtocolRelative: false,
  allowedStyles: { '*': ALLOWED_STYLES },
  // Other tags go, their text stays; these go with everything inside them.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title', 'xmp'],
  // Whatever follows a stray `</html>` is never read as markup of the page.
  enforceHtmlBoundary: true,
};

/** Admin HTML reduced to the spec §9 allowlist. */
export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The text a reader sees of sanitised HTML: tags become spaces (a `<br>` or a `<div>` separates
 * words), the sanitiser's escapes are undone. Only for HTML that `sanitizeAdminHtml` produced,
 * whose `<` in text are always escaped.
 */
export function textOfSanitized(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What /faq?q= compares a query with: the question and the answer's text, in the search form. */
export function faqSearchText(question: string, sanitizedAnswer: string): string {
  return normalizeSearchText(`${question} ${textOfSanitized(sanitizedAnswer)}`);
}
