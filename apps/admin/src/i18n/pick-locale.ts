import { type Locale, Locale as LocaleSchema } from '@balcony/contracts';

export const LOCALES: readonly Locale[] = LocaleSchema.options;

/**
 * The console's language: the admin's own choice when valid, else the first supported language
 * of Accept-Language (exactly, then by language: `fr-CA` → fr, `zh-Hant-TW` → zh-TW), else English.
 */
export function pickLocale(chosen: string | undefined, acceptLanguage: string | null | undefined): Locale {
  const picked = LocaleSchema.safeParse(chosen);
  if (picked.success) return picked.data;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    if (language === 'zh') return 'zh-TW';
    const byLanguage = LOCALES.find((locale) => locale === language);
    if (byLanguage) return byLanguage;
  }
  return 'en';
}
