'use client';

import Link from 'next/link';
import { useMemberCount } from '@/components/session/useMemberCount';
import styles from '@/components/site/HeaderCount.module.css';
import { OutlineIcon } from '@/components/site/NavIcon';
import { badgeText } from '@/lib/gifts/gifts';
import { NOTIFICATION_PATH, NOTIFICATIONS_CHANGED_EVENT } from '@/lib/notifications/notifications';

const loadUnread = () => import('./notification-calls').then(({ unreadNotifications }) => unreadNotifications());

/** A bell, drawn like the navigation's icons; decorative: the link's text names it. */
const BELL_PATH = 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0';

/**
 * The header's bell with the count of unread notifications (issue 13 item 6), for members only:
 * a visitor's page has no bell and makes no call. The count is asked for through the front proxy
 * once the member's session is known (after the page loaded), again whenever the session is
 * fetched again, and set directly by the notifications page after it marked some read. While the
 * session loads, an empty box of the bell's size holds its place, so nothing moves.
 */
export function HeaderNotifications({ label, unreadLabel }: { label: string; unreadLabel: string }) {
  const { session, member, count } = useMemberCount(loadUnread, NOTIFICATIONS_CHANGED_EVENT);
  if (session.status === 'loading') return <span className={styles.link} aria-hidden="true" />;
  if (!member) return null;
  return (
    <Link
      href={NOTIFICATION_PATH}
      prefetch={false}
      className={styles.link}
      data-testid="header-notifications"
      data-count={count}
    >
      <OutlineIcon path={BELL_PATH} />
      <span className="visually-hidden">{label}</span>
      {count > 0 && (
        <span className={styles.badge} data-testid="header-notifications-count">
          {badgeText(count)}
          <span className="visually-hidden"> {unreadLabel}</span>
        </span>
      )}
    </Link>
  );
}
