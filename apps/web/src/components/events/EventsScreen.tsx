import type { EventDetail } from '@balcony/contracts';
import Link from 'next/link';
import type { CSSProperties } from 'react';
import { MediaImage } from '@/components/ui/MediaImage';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { EVENT_KIND_ORDER, EVENT_PATH, ROULETTE_PATH } from '@/lib/events/events';
import { routes } from '@/lib/navigation/routes';
import { AttendanceStamp } from './AttendanceStamp';
import { EmoticonPicker } from './EmoticonPicker';
import styles from './Events.module.css';
import { EventMeta, RewardList } from './RewardList';

/** An event's card wears its theme's colours (a border and the heading's accent). */
export function themeStyle(detail: EventDetail): CSSProperties | undefined {
  const theme = detail.event.theme;
  return theme
    ? ({ '--event-primary': theme.primaryColor, '--event-accent': theme.accentColor } as CSSProperties)
    : undefined;
}

/** /event (spec §2): the running events; members check in and react here, visitors are asked to log in. */
export async function EventsScreen({ details, member }: { details: readonly EventDetail[]; member: boolean }) {
  const brand = await getRequestBrand();
  const t = await getT('Events');
  const ordered = [...details].sort(
    (a, b) => EVENT_KIND_ORDER.indexOf(a.event.kind) - EVENT_KIND_ORDER.indexOf(b.event.kind),
  );
  return (
    <div className={styles.screen} data-testid="events">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      {ordered.length === 0 && <p data-testid="events-empty">{t('empty')}</p>}
      <ScreenIntl namespaces={['Events', 'Errors']}>
        <ul className={styles.list}>
          {ordered.map((detail) => {
            const { event } = detail;
            const headingId = `event-${event.id}`;
            return (
              <li
                key={event.id}
                className={styles.card}
                style={themeStyle(detail)}
                data-testid="event-card"
                data-kind={event.kind}
              >
                <section aria-labelledby={headingId}>
                  {event.theme?.bannerUrl && (
                    <MediaImage className={styles.banner} path={event.theme.bannerUrl} slot="banner" alt="" />
                  )}
                  <p className={styles.kind}>{t(`kinds.${event.kind}`)}</p>
                  <h2 id={headingId} className={styles.cardTitle}>
                    {event.title}
                  </h2>
                  <EventMeta event={event} brand={brand} />
                  {event.description && <p className={styles.description}>{event.description}</p>}
                  <RewardList event={event} />
                  {event.kind === 'ATTENDANCE' &&
                    (detail.member?.attendance ? (
                      <AttendanceStamp eventId={event.id} attendance={detail.member.attendance} />
                    ) : (
                      <LoginToAct label={t('loginToAct')} />
                    ))}
                  {event.kind === 'EMOTICON' && (
                    <>
                      <EmoticonPickerOrCounts detail={detail} member={member} />
                      {!member && <LoginToAct label={t('loginToAct')} />}
                    </>
                  )}
                  {event.kind === 'ROULETTE' && (
                    <Link className="button button-secondary" href={ROULETTE_PATH} data-testid="event-roulette-link">
                      {t('goRoulette')}
                    </Link>
                  )}
                </section>
              </li>
            );
          })}
        </ul>
      </ScreenIntl>
    </div>
  );
}

function LoginToAct({ label }: { label: string }) {
  return (
    <Link className="button" href={routes.login(EVENT_PATH)} data-testid="event-login">
      {label}
    </Link>
  );
}

function EmoticonPickerOrCounts({ detail, member }: { detail: EventDetail; member: boolean }) {
  return (
    <EmoticonPicker
      eventId={detail.event.id}
      counts={detail.emoticons}
      mine={member ? (detail.member?.emoticon ?? null) : null}
      readOnly={!member}
    />
  );
}
