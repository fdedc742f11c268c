'use client';

import type { ReactNode, Ref } from 'react';
import { useTranslations } from 'use-intl';
import formStyles from '@/components/ui/Form.module.css';
import { routes } from '@/lib/navigation/routes';
import styles from './Auth.module.css';

/** A consent checkbox (20 × 20, spec §9) with its label, required/optional note and error tied to it. */
export function Consent({
  id,
  checked,
  onChange,
  label,
  note,
  error,
  required,
  inputRef,
}: {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  label: ReactNode;
  note: string;
  error?: string | undefined;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={formStyles.field}>
      <label className={formStyles.check} htmlFor={id}>
        <input
          ref={inputRef}
          type="checkbox"
          id={id}
          data-testid={id}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          {label} <span className={styles.consentNote}>{note}</span>
        </span>
      </label>
      {error && (
        <p id={errorId} className={formStyles.fieldError} data-testid={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The terms consent text with its two links, opened in a new tab so the form keeps its input. */
export function TermsLabel() {
  const t = useTranslations('Auth');
  const link = (href: string) => (chunks: ReactNode) => (
    <a href={href} target="_blank" rel="noopener">
      {chunks}
      <span className="visually-hidden"> {t('newTab')}</span>
    </a>
  );
  return <>{t.rich('agreeTerms', { terms: link(routes.policy()), privacy: link(routes.privacy()) })}</>;
}
