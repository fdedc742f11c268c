'use client';

import { useTranslations } from 'use-intl';
import type { ConsentChoice } from '@/lib/tracking/consent';
import styles from './Consent.module.css';

/** The three categories as checkboxes; the necessary one is always on (decision 0263). */
export function ConsentChoices({
  idPrefix,
  choice,
  onChange,
}: {
  idPrefix: string;
  choice: ConsentChoice;
  onChange: (next: ConsentChoice) => void;
}) {
  const t = useTranslations('Consent');
  const row = (id: 'necessary' | keyof ConsentChoice) => {
    const inputId = `${idPrefix}-${id}`;
    const necessary = id === 'necessary';
    return (
      <li key={id} className={styles.choice}>
        <input
          type="checkbox"
          id={inputId}
          checked={necessary ? true : choice[id]}
          disabled={necessary}
          aria-describedby={`${inputId}-hint`}
          onChange={necessary ? undefined : (e) => onChange({ ...choice, [id]: e.target.checked })}
          data-testid={`consent-${id}`}
        />
        <label htmlFor={inputId}>{t(`${id}.label`)}</label>
        <p id={`${inputId}-hint`} className={styles.hint}>
          {t(`${id}.hint`)}
        </p>
      </li>
    );
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('categories')}</legend>
      <ul className={styles.choices}>{(['necessary', 'measurement', 'marketing'] as const).map(row)}</ul>
    </fieldset>
  );
}
