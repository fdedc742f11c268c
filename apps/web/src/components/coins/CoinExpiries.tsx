import { formatCoins, formatDate } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { getServerSession } from '@/lib/session/server';
import styles from './Coins.module.css';

/**
 * The member's soonest coin expiries (GET /coin `expiring`, at most 5), for the My page: bonus and
 * free coins and points, with the day they expire in the brand's format and time zone. Nothing for
 * a visitor or when nothing expires.
 */
export async function CoinExpiries() {
  const view = await getServerSession();
  const expiring = view?.coin.expiring ?? [];
  if (expiring.length === 0) return null;
  const brand = await getRequestBrand();
  const t = await getT('My');
  const tType = await getT('CoinTypes');
  return (
    <section aria-labelledby="my-expiring" className={styles.expiries} data-testid="my-expiring">
      <h3 id="my-expiring" className={styles.expiriesHeading}>
        {t('expiringHeading')}
      </h3>
      <ul>
        {expiring.map((lot) => (
          <li key={`${lot.type}-${lot.expiresAt}`}>
            {t('expiringItem', {
              amount: formatCoins(lot.amount, brand.locale),
              type: tType(lot.type),
              date: formatDate(brand, lot.expiresAt),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
