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
      <PickerForm
        action="/api/brand"
        next={next}
        id="brand-picker"
        name="brandId"
        label={t('brand')}
        value={brand}
        options={brands.map((b) => ({ value: b.id, label: b.label }))}
        apply={t('apply')}
      />
      <PickerForm
        action="/api/locale"
        next={next}
        id="locale-picker"
        name="locale"
        label={t('language')}
        value={locale}
        options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      />
      <form method="post" action="/api/session/logout">
        <button type="submit" className={styles.headerButton}>
          {t('logout')}
        </button>
      </form>
    </header>
  );
}

interface PickerProps {
  action: string;
  next: string;
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The submit button's words, for browsers without scripts (none: the form has no button). */
  apply?: string;
}

/** A plain form with one select that submits itself as soon as the choice changes. */
function PickerForm({ action, next, id, name, label, value, options, apply }: PickerProps) {
  return (
    <form className={styles.picker} method="post" action={action}>
      <input type="hidden" name="next" value={next} />
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {apply ? (
        <noscript>
          <button type="submit" className={styles.headerButton}>
            {apply}
          </button>
        </noscript>
      ) : null}
    </form>
  );
}
