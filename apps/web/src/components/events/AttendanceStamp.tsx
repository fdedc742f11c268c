'use client';

import type { AttendanceState } from '@balcony/contracts';
import { daysUpTo, EVENT_PATH } from '@/lib/events/events';
import styles from './Events.module.css';
import { useEventAction } from './useEventAction';

/** The check-in strip of the last 7 days, the streak, and today's stamp button. */
export function AttendanceStamp({ eventId, attendance }: { eventId: number; attendance: AttendanceState }) {
  const { pending, run, t, toast, gainsText } = useEventAction(EVENT_PATH);
  const stamped = new Set(attendance.days);
  return (
    <div className={styles.attendance}>
      <ol className={styles.strip} aria-label={t('calendarLabel')} data-testid="attendance-calendar">
        {daysUpTo(attendance.today, 7).map((day) => (
          <li
            key={day}
            className={stamped.has(day) ? `${styles.day} ${styles.stamped}` : styles.day}
            data-day={day}
            data-stamped={stamped.has(day) || undefined}
          >
            <span className={styles.dayNumber}>{Number(day.slice(8))}</span>
            <span className={styles.dayMark}>{stamped.has(day) ? t('stampedMark') : t('notStampedMark')}</span>
          </li>
        ))}
      </ol>
      <p className={styles.streak} data-testid="attendance-streak">
        {t('streak', { count: attendance.streak })}
      </p>
      <button
        type="button"
        className="button"
        disabled={pending || attendance.stampedToday}
        aria-busy={pending || undefined}
        onClick={() =>
          void run(
            async () => (await import('./event-calls')).stampAttendance(eventId),
            (answer) =>
              toast.show(
                answer.stamped
                  ? t('stampedToast', { gains: gainsText(answer.gains) || t('nothing') })
                  : t('alreadyStamped'),
              ),
          )
        }
        data-testid="attendance-stamp"
      >
        {attendance.stampedToday ? t('stamped') : pending ? t('stamping') : t('stamp')}
      </button>
    </div>
  );
}
