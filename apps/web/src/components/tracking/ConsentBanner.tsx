'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { routes } from '@/lib/navigation/routes';
import { type ConsentChoice, readConsent, saveConsent } from '@/lib/tracking/consent';
import styles from './Consent.module.css';
import { ConsentChoices } from './ConsentChoices';

const NONE: ConsentChoice = { measurement: false, marketing: false };
const ALL: ConsentChoice = { measurement: true, marketing: true };

/**
 * The consent banner of the brands that ask (decision 0263): a labelled region above the bottom
 * navigation, not a modal, so the page stays usable. Accept all, necessary only, or choose per
 * category. Opened from the footer link it takes the focus, and gives it back when closed.
 * `beforeReading`: the server's render, before the page runs and reads the consent cookie; its
 * actions, one disabled fieldset, wait for that (a press would do nothing yet) (decision 0295).
 */
export function ConsentBanner({ takeFocus, beforeReading }: { takeFocus: boolean; beforeReading: boolean }) {
  const t = useTranslations('Consent');
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(NONE);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const current = readConsent(document.cookie);
    if (current) {
      setChoice(current);
      setChoosing(true);
    }
    if (!takeFocus) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
    return () => before?.focus();
  }, [takeFocus]);

  return (
    <section
      className={styles.banner}
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      data-before-reading={beforeReading ? '' : undefined}
    >
      <h2 id="consent-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.text}>
        {t('intro')}{' '}
        <Link href={routes.privacy()} prefetch={false}>
          {t('privacyLink')}
        </Link>
      </p>
      {choosing && <ConsentChoices idPrefix="consent-banner" choice={choice} onChange={setChoice} />}
      <fieldset className={styles.actions} disabled={beforeReading}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => saveConsent(NONE)}
          data-testid="consent-necessary-only"
        >
          {t('necessaryOnly')}
        </button>
        {choosing ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => saveConsent(choice)}
            data-testid="consent-save"
          >
            {t('save')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setChoosing(true)}
            data-testid="consent-choose"
          >
            {t('choose')}
          </button>
        )}
        <button type="button" className="button" onClick={() => saveConsent(ALL)} data-testid="consent-accept-all">
          {t('acceptAll')}
        </button>
      </fieldset>
    </section>
  );
}
