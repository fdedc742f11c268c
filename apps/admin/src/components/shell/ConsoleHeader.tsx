'use client';

import type { AdminProfile, Locale } from '@balcony/contracts';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'use-intl';
import { LOCALES } from '@/i18n/pick-locale';
import styles from './Shell.module.css';

interface Props {
  admin: AdminProfile;
  brand: string;
  brands: readonly { id: string; label: string }[];
  locale: Locale;
}

/**
 * The console's header: who is logged in, the brand the console acts in and its language (plain
 * forms, so they work before scripts load; a change submits at once), and the logout button.
 */
export function ConsoleHeader({ admin, brand, brands, locale }: Props) {
  const t = useTranslations('Shell');
  const roles = useTranslations('Roles');
  const pathname = usePathname();
  const search = useSearchParams().toString();
  // Back to the same screen, without its page number (the list may differ in another brand).
  const next = `${pathname}${search ? `?${search.replace(/(^|&)page=\d+/, '')}` : ''}`;
  return (
    <header className={styles.header}>
      <span className={styles.product}>{t('product')}</span>
      <span className={styles.who}>
        <span>{admin.name}</span>
        <small>{admin.roles.map((role) => roles(role)).join(' · ')}</small>
      </span>
      <form className={styles.picker} method="post" action="/api/brand">
        <input type="hidden" name="next" value={next} />
        <label htmlFor="brand-picker">{t('brand')}</label>
        <select
          id="brand-picker"
          name="brandId"
          defaultValue={brand}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className={styles.headerButton}>
            {t('apply')}
          </button>
        </noscript>
      </form>
      <form className={styles.picker} method="post" action="/api/locale">
        <input type="hidden" name="next" value={next} />
        <label htmlFor="locale-picker">{t('language')}</label>
        <select
          id="locale-picker"
          name="locale"
          defaultValue={locale}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
      </form>
      <form method="post" action="/api/session/logout">
        <button type="submit" className={styles.headerButton}>
          {t('logout')}
        </button>
      </form>
    </header>
  );
}
