import type { Locale } from '@balcony/contracts';
import type { FontStyle } from './settings';

// The three typefaces a text episode may be read in, per script of the brand's locale. Each is a
// self-hosted @fontsource package (components/viewer/fonts/*), regular weight only, whose files
// are split by unicode range so a page downloads only the ranges its text uses.

export type Script = 'latin' | 'japanese' | 'thai' | 'chinese';

export interface FontChoice {
  style: FontStyle;
  /** A CSS font-family list: the typeface, then the site's font for anything it lacks. */
  family: string;
}

const fallback = (style: FontStyle) => (style === 'serif' ? 'serif' : 'var(--font-body)');

const choices = (...fonts: readonly [FontStyle, string][]): readonly FontChoice[] =>
  fonts.map(([style, name]) => ({ style, family: `"${name}", ${fallback(style)}` }));

export const FONT_CHOICES: Readonly<Record<Script, readonly FontChoice[]>> = {
  // Noto Sans is the site's own font (root layout); Literata was drawn for reading books on screens.
  latin: choices(['sans', 'Noto Sans'], ['serif', 'Literata'], ['rounded', 'Nunito']),
  japanese: choices(['sans', 'Noto Sans JP'], ['serif', 'Noto Serif JP'], ['rounded', 'Zen Maru Gothic']),
  // Thai readers expect looped letters (Sarabun) beside the modern loopless ones.
  thai: choices(['sans', 'Noto Sans Thai'], ['looped', 'Sarabun'], ['serif', 'Noto Serif Thai']),
  chinese: choices(['sans', 'Noto Sans TC'], ['serif', 'Noto Serif TC'], ['rounded', 'Huninn']),
};

const SCRIPT_OF_LOCALE: Readonly<Record<Locale, Script>> = {
  fr: 'latin',
  de: 'latin',
  en: 'latin',
  ja: 'japanese',
  th: 'thai',
  'zh-TW': 'chinese',
};

export function scriptOf(locale: Locale): Script {
  return SCRIPT_OF_LOCALE[locale];
}

/** The style shown: the stored one when this script offers it, else the script's first. */
export function offeredFont(script: Script, style: FontStyle): FontChoice {
  const offered = FONT_CHOICES[script];
  const first = offered[0];
  if (!first) throw new Error(`No font for ${script}`);
  return offered.find((choice) => choice.style === style) ?? first;
}

/** CSS custom properties naming each offered typeface (`--viewer-font-serif`, …) for the stylesheet. */
export function fontVariables(script: Script): Partial<Record<`--viewer-font-${FontStyle}`, string>> {
  return Object.fromEntries(FONT_CHOICES[script].map((choice) => [`--viewer-font-${choice.style}`, choice.family]));
}
