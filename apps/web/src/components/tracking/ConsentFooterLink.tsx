'use client';

import { openConsent } from '@/lib/tracking/consent';
import styles from './Consent.module.css';

/** The footer's "cookie settings" (decision 0263): opens the consent banner on this page. */
export function ConsentFooterLink({ label }: { label: string }) {
  return (
    <button type="button" className={styles.footerButton} onClick={openConsent} data-testid="footer-consent">
      {label}
    </button>
  );
}
