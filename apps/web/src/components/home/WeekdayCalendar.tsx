import { type ScheduleKey, shortWeekdayNames, type Weekday } from '@balcony/contracts';
import Link from 'next/link';
import { CALENDAR_KEYS } from '@/i18n/dates';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import styles from './WeekdayCalendar.module.css';

/** The weekly tab's day picker: short weekday names in the brand's locale, today marked. */
export async function WeekdayCalendar({ selected, today }: { selected: ScheduleKey; today: Weekday }) {
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const names = shortWeekdayNames(brand.locale);
  return (
    <nav aria-label={t('calendarLabel')} className={styles.calendar}>
      <ul>
        {CALENDAR_KEYS.map((key) => (
          <li key={key}>
            <Link
              href={routes.weeklyDay(key)}
              aria-current={key === selected ? 'page' : undefined}
              className={key === today ? styles.today : undefined}
              data-testid={`weekday-${key}`}
            >
              {key === 'TEN' ? t('tenShort') : names[key]}
              {key === today && <span className="visually-hidden"> ({t('today')})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
