import type { Locale } from '@balcony/contracts';
import type en from '../../messages/en.json';

// Typed message keys for createTranslator and useTranslations.
declare module 'use-intl' {
  interface AppConfig {
    Messages: typeof en;
    Locale: Locale;
  }
}
