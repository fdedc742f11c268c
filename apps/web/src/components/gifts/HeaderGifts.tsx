'use client';

import Link from 'next/link';
import { useMemberCount } from '@/components/session/useMemberCount';
import styles from '@/components/site/HeaderCount.module.css';
import { NavIcon } from '@/components/site/NavIcon';
import { badgeText, GIFT_PATH, GIFTS_CHANGED_EVENT } from '@/lib/gifts/gifts';

const loadGiftCount = () => import('./gift-calls').then(({ giftCount }) => giftCount());

/**
 * The header's count of gifts waiting (issue 12), for members only: a visitor's session holds no
 * user, so no gift call is made and no gift code is loaded. The count is asked for once the
 * member's session is known, again whenever the session is fetched again (a purchase, another
 * tab, the tab shown again), and set directly by the gift box after a gift is received.
 * Nothing shows while no gift waits.
 */
export function HeaderGifts({ label }: { label: string }) {
  const { member, count } = useMemberCount(loadGiftCount, GIFTS_CHANGED_EVENT);
  if (!member || count === 0) return null;
  return (
    <Link href={GIFT_PATH} prefetch={false} className={styles.link} data-testid="header-gifts" data-count={count}>
      <NavIcon item="gift" />
      <span className="visually-hidden">{label}: </span>
      <span className={styles.badge} data-testid="header-gifts-count">
        {badgeText(count)}
      </span>
    </Link>
  );
}
