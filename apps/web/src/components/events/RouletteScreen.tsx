import type { EventDetail } from '@balcony/contracts';
import Link from 'next/link';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { ROULETTE_PATH } from '@/lib/events/events';
import { routes } from '@/lib/navigation/routes';
import styles from './Events.module.css';
import { themeStyle } from './EventsScreen';
import { EventMeta } from './RewardList';
import { RouletteSpinner } from './RouletteSpinner';

/** /roulette (spec §2): the running roulettes, the member's tickets, the spin and its result. */
export async function RouletteScreen({ details, member }: { details: readonly EventDetail[]; member: boolean }) {
  const brand = await getRequestBrand();
  const t = await getT('Events');
  const wheels = details.filter((d) => d.event.kind === 'ROULETTE');
  return (
    <div className={styles.screen} data-testid="roulette">
      <h1 className={styles.title}>{t('rouletteTitle')}</h1>
      <p className={styles.intro}>{t('rouletteIntro')}</p>
      {wheels.length === 0 && <p data-testid="roulette-empty">{t('noRoulette')}</p>}
      <ScreenIntl namespaces={['Events', 'Errors']}>
        {wheels.map((detail) => {
          const { event } = detail;
          return (
            <section
              key={event.id}
              className={styles.card}
              style={themeStyle(detail)}
              aria-labelledby={`roulette-${event.id}`}
              data-testid="roulette-event"
            >
              <h2 id={`roulette-${event.id}`} className={styles.cardTitle}>
                {event.title}
              </h2>
              <EventMeta event={event} brand={brand} />
              {event.description && <p className={styles.description}>{event.description}</p>}
              {detail.member ? (
                <>
                  <RouletteSpinner eventId={event.id} prizes={event.prizes} ticketsLeft={detail.member.ticketsLeft} />
                  {detail.member.ticketsLeft === 0 && <p className={styles.meta}>{t('howToGetTickets')}</p>}
                  {detail.member.spins.length > 0 && (
                    <>
                      <h3 className={styles.subheading}>{t('mySpins')}</h3>
                      <ul className={styles.spins} data-testid="roulette-history">
                        {detail.member.spins.map((s) => (
                          <li key={s.id}>{t(`types.${s.prize.type}`, { count: s.prize.amount })}</li>
                        ))}
                      </ul>
                    </>
                  )}
                </>
              ) : (
                <Link className="button" href={routes.login(ROULETTE_PATH)} data-testid="event-login">
                  {t('loginToAct')}
                </Link>
              )}
              <p className={styles.fairness}>{t('fairness', { hash: detail.drawSeedHash.slice(0, 16) })}</p>
            </section>
          );
        })}
      </ScreenIntl>
      {!member && wheels.length > 0 && <p className={styles.meta}>{t('howToGetTickets')}</p>}
    </div>
  );
}
