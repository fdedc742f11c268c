'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import styles from './SeriesOverview.module.css';

/** A long text shown folded to a few lines, with a button that unfolds it and folds it back. */
export function ExpandableText({ text }: { text: string }) {
  const t = useTranslations('Series.live');
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <p id={id} className={open ? undefined : styles.folded} data-testid="synopsis">
        {text}
      </p>
      <button
        type="button"
        className={styles.more}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="synopsis-toggle"
      >
        {open ? t('less') : t('more')}
      </button>
    </>
  );
}
