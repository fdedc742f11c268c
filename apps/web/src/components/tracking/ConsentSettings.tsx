'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import formStyles from '@/components/ui/Form.module.css';
import { CONSENT_CHANGED_EVENT, type ConsentChoice, readConsent, saveConsent } from '@/lib/tracking/consent';
import styles from '../account/Account.module.css';
import { ConsentChoices } from './ConsentChoices';

/** The settings screen's cookie section (decision 0263): the same choice as the banner, changed here. */
export function ConsentSettings() {
  const t = useTranslations('Consent');
  const [choice, setChoice] = useState<ConsentChoice>({ measurement: false, marketing: false });
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const load = () => {
      const current = readConsent(document.cookie);
      if (current) setChoice(current);
    };
    load();
    window.addEventListener(CONSENT_CHANGED_EVENT, load);
    return () => window.removeEventListener(CONSENT_CHANGED_EVENT, load);
  }, []);

  return (
    <section className={styles.section} aria-labelledby="consent-settings-heading" data-testid="consent-settings">
      <h2 id="consent-settings-heading">{t('settingsHeading')}</h2>
      <p className={formStyles.hint}>{t('settingsHint')}</p>
      <ConsentChoices
        idPrefix="consent-settings"
        choice={choice}
        onChange={(next) => {
          setChoice(next);
          setSaved(false);
        }}
      />
      <p className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            saveConsent(choice);
            setSaved(true);
          }}
          data-testid="consent-settings-save"
        >
          {t('save')}
        </button>
      </p>
      <p role="status" data-testid="consent-settings-status">
        {saved ? t('saved') : ''}
      </p>
    </section>
  );
}
