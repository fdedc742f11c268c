'use client';

import { useTranslations } from 'use-intl';
import { CoinIcon } from '@/components/coins/CoinIcon';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import styles from './Shop.module.css';

/** The member's balance at the top of the shop and of its complete page, following the session. */
export function ShopBalance() {
  const t = useTranslations('Shop');
  const session = useSession();
  if (!isLoggedIn(session) || !session.data) return null;
  return (
    <p className={styles.balance} data-testid="shop-balance" data-total={session.data.coin.total}>
      <CoinIcon />
      {t('balance', { coins: session.data.coin.total })}
    </p>
  );
}
