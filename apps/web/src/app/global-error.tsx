'use client';

import type { Locale } from '@balcony/contracts';
import { useEffect, useState } from 'react';
import type { Messages } from '@/i18n/messages';
import { pickLocale } from '@/i18n/pick-locale';

// Replaces the root layout when it fails, so neither the brand nor its messages are at hand: the
// page's language is read when this module loads (before any failure), and the messages of
// that one locale are fetched only once an error happens.
const PAGE_LANG = typeof document === 'undefined' ? undefined : document.documentElement.lang;

const LOADERS: Readonly<Record<Locale, () => Promise<{ default: Messages }>>> = {
  fr: () => import('../../messages/fr.json'),
  de: () => import('../../messages/de.json'),
  ja: () => import('../../messages/ja.json'),
  th: () => import('../../messages/th.json'),
  'zh-TW': () => import('../../messages/zh-TW.json'),
  en: () => import('../../messages/en.json'),
};

interface Texts {
  locale: Locale;
  title: string;
  message: string;
  retry: string;
  home: string;
}

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const [texts, setTexts] = useState<Texts | null>(null);

  useEffect(() => {
    console.error(error);
    const locale = pickLocale([PAGE_LANG, ...navigator.languages]);
    LOADERS[locale]().then(({ default: messages }) =>
      setTexts({
        locale,
        title: messages.ErrorPage.title,
        message: messages.Errors.INTERNAL_ERROR,
        retry: messages.ErrorPage.retry,
        home: messages.ErrorPage.home,
      }),
    );
  }, [error]);

  return (
    <html lang={texts?.locale}>
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', color: '#1a1a1a' }}>
        {texts && (
          <main style={{ maxWidth: 720, margin: '0 auto', padding: '64px 16px', textAlign: 'center' }}>
            <title>{texts.title}</title>
            <h1 style={{ fontSize: '1.375rem' }}>{texts.title}</h1>
            <p>{texts.message}</p>
            <p style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
              <button type="button" onClick={retry} style={{ minHeight: 48, padding: '0 20px', font: 'inherit' }}>
                {texts.retry}
              </button>
              {/* A full page load: the app's router state is what just failed. */}
              <a href="/" style={{ display: 'inline-flex', alignItems: 'center', minHeight: 48, padding: '0 20px' }}>
                {texts.home}
              </a>
            </p>
          </main>
        )}
      </body>
    </html>
  );
}
