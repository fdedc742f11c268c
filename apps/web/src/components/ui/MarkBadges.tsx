import { Mark } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import styles from './MarkBadges.module.css';

export type MarkLabels = Readonly<Record<Mark, string>>;

/** Translated mark names, fetched once per list rather than once per badge. */
export async function getMarkLabels(): Promise<MarkLabels> {
  const t = await getT('Marks');
  return Object.fromEntries(Mark.options.map((mark) => [mark, t(mark)])) as Record<Mark, string>;
}

/** The marks of spec §3 (new, series, single, discount, free) as badges. */
export function MarkBadges({ marks, labels }: { marks: readonly Mark[]; labels: MarkLabels }) {
  if (marks.length === 0) return null;
  return (
    <span className={styles.marks}>
      {marks.map((mark) => (
        <span key={mark} className={`${styles.mark} ${styles[mark]}`}>
          {labels[mark]}
        </span>
      ))}
    </span>
  );
}
