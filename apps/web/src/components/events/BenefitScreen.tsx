import type { EventSummary } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { EVENT_PATH, ROULETTE_PATH } from '@/lib/events/events';
import styles from './Events.module.css';
import { EventMeta, RewardList } from './RewardList';

/** /benefit (spec §2 nav "benefit"): every running event and what it gives, with a way to take part. */
export async function BenefitScreen({ events }: { events: readonly EventSummary[] }) {
  const brand = await getRequestBrand();
  const t = await getT('Events');
  return (
    <div className={styles.screen} data-testid="benefit">
      <h1 className={styles.title}>{t('benefitTitle')}</h1>
      <p className={styles.intro}>{t('benefitIntro')}</p>
      {events.length === 0 && <p data-testid="benefit-empty">{t('empty')}</p>}
      <ul className={styles.list}>
        {events.map((event) => (
          <li key={event.id} className={styles.card} data-testid="benefit-event">
            <p className={styles.kind}>{t(`kinds.${event.kind}`)}</p>
            <h2 className={styles.cardTitle}>{event.title}</h2>
            <EventMeta event={event} brand={brand} />
            <RewardList event={event} />
            <Link className="button button-secondary" href={event.kind === 'ROULETTE' ? ROULETTE_PATH : EVENT_PATH}>
              {t('takePart', { title: event.title })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
