'use client';

import { useTranslations } from 'use-intl';
import type { PasswordRuleState } from '@/lib/account/password';
import styles from './Account.module.css';

/** The rules of a new password, each marked as met or not while it is typed (spec §5). */
export function PasswordRules({ id, states }: { id: string; states: readonly PasswordRuleState[] }) {
  const t = useTranslations('Password');
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.rulesHeading}>{t('rulesHeading')}</p>
      <ul>
        {states.map(({ rule, met }) => (
          <li key={rule} data-met={met} data-testid={`rule-${rule}`}>
            <span aria-hidden="true" className={styles.ruleIcon}>
              {met ? '✓' : '•'}
            </span>
            {t(`rules.${rule}`)}
            <span className="visually-hidden"> ({met ? t('ruleMet') : t('ruleNotMet')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
