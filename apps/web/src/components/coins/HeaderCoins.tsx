'use client';

import Link from 'next/link';
import { useFormatter } from 'use-intl';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import styles from '@/components/site/SiteChrome.module.css';
import { routes } from '@/lib/navigation/routes';
import { CoinIcon } from './CoinIcon';

/**
 * A member's coin balance in the header (issue 11), following the session live: it changes as
 * soon as a purchase or a charge updates the session. Links to the shop. Nothing for visitors,
 * nor while the member's session is still streaming in.
 */
export function HeaderCoins({ label }: { label: string }) {
  const session = useSession();
  const format = useFormatter();
  if (!isLoggedIn(session) || !session.data) return null;
  // The same grouping as formatCoins of the contracts: whole coins in the brand's locale.
  const total = format.number(session.data.coin.total, { maximumFractionDigits: 0 });
  return (
    <Link href={routes.shop} prefetch={false} className={styles.coins} data-testid="header-coins">
      <CoinIcon />
      <span className="visually-hidden">{label}: </span>
      <span data-testid="header-coins-total">{total}</span>
    </Link>
  );
}
