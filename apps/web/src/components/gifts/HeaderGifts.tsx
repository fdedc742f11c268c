'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { NavIcon } from '@/components/site/NavIcon';
import { badgeText, GIFT_PATH, GIFTS_CHANGED_EVENT } from '@/lib/gifts/gifts';
import styles from './Gifts.module.css';

/**
 * The header's count of gifts waiting (issue 12), for members only: a visitor's session holds no
 * user, so no gift call is made and no gift code is loaded. The count is asked for once the
 * member's session is known, again whenever the session is fetched again (a purchase, another
 * tab, the tab shown again), and set directly by the gift box after a gift is received.
 * Nothing shows while no gift waits.
 */
export function HeaderGifts({ label }: { label: string }) {
  const session = useSession();
  const data = isLoggedIn(session) ? session.data : null;
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!data) {
      setCount(0);
      return;
    }
    let live = true;
    import('./gift-calls')
      .then(({ giftCount }) => giftCount())
      .then((n) => {
        if (live) setCount(n);
      })
      // The count is a hint: a failed call leaves the header as it was.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [data]);

  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail === 'number') setCount(detail);
    };
    window.addEventListener(GIFTS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(GIFTS_CHANGED_EVENT, onChange);
  }, []);

  if (!data || count === 0) return null;
  return (
    <Link href={GIFT_PATH} prefetch={false} className={styles.headerLink} data-testid="header-gifts" data-count={count}>
      <NavIcon item="gift" />
      <span className="visually-hidden">{label}: </span>
      <span className={styles.badge} data-testid="header-gifts-count">
        {badgeText(count)}
      </span>
    </Link>
  );
}
