'use client';

import styles from './ui.module.css';
import { useErrorText } from './useErrorText';

/** A failure's words, announced to screen readers as it appears. */
export function ErrorText({ code }: { code: string | null }) {
  const errorText = useErrorText();
  return (
    <p className={styles.error} role="alert">
      {code ? errorText(code) : null}
    </p>
  );
}
