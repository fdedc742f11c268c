import type { Locale } from '@balcony/contracts';

const LOCALES: readonly Locale[] = ['fr', 'de', 'ja', 'th', 'zh-TW', 'en'];

/**
 * The first supported locale among language tags, matching exactly, then by language
 * (`fr-CA` → fr, `zh-Hant-TW` → zh-TW); English when none fits.
 */
export function pickLocale(tags: readonly (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    if (!tag) continue;
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    if (language === 'zh') return 'zh-TW';
    const byLanguage = LOCALES.find((locale) => locale === language);
    if (byLanguage) return byLanguage;
  }
  return 'en';
}
