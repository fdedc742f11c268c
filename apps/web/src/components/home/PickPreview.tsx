import type { PickSummary } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import styles from './Picks.module.css';
import { SeriesRow } from './SeriesRow';

/** One editor's pick on /home/pick: its title and description, a preview row, and a link to all of it. */
export async function PickPreview({ pick }: { pick: PickSummary }) {
  const t = await getT('Home');
  const headingId = `pick-${pick.id}`;
  return (
    <section aria-labelledby={headingId} className={styles.pick} data-testid="pick">
      <div className={styles.head}>
        <h2 id={headingId}>
          <Link href={routes.pick(pick.id)}>{pick.title}</Link>
        </h2>
        {pick.description && <p>{pick.description}</p>}
      </div>
      <SeriesRow items={pick.items} />
      <Link href={routes.pick(pick.id)} className={styles.all} data-testid="pick-link">
        {t('pickSeeAll', { count: pick.total })}
        <span className="visually-hidden"> · {pick.title}</span>
      </Link>
    </section>
  );
}
