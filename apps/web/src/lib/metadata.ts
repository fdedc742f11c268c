import type { BrandConfig, Locale } from '@balcony/contracts';
import type { Metadata } from 'next';

// Open Graph locales are language_TERRITORY.
const OG_LOCALE: Readonly<Record<Locale, string>> = {
  fr: 'fr_FR',
  de: 'de_DE',
  ja: 'ja_JP',
  th: 'th_TH',
  'zh-TW': 'zh_TW',
  en: 'en_GB',
};

/** The brand's part of every page's Open Graph data (a page's openGraph replaces its parent's whole). */
export function openGraphBase(brand: BrandConfig): NonNullable<Metadata['openGraph']> {
  return { siteName: brand.product, locale: OG_LOCALE[brand.locale], type: 'website' };
}

/** A description of at most `max` characters, cut at a word boundary. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
