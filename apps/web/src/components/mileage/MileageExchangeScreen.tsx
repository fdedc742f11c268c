import { formatDate, formatPoints, type MileageExchangeInfo } from '@balcony/contracts';
import Link from 'next/link';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import styles from './Mileage.module.css';
import { MileageExchangeForm } from './MileageExchangeForm';

/**
 * The points exchange screen: the brand's rule (rate, minimum, unit, bonus validity, how points
 * are earned), the points held and the soonest to expire, then the exchange form. The facts come
 * from the api (GET /coin/mileage/exchange) and are read again after an exchange.
 */
export async function MileageExchangeScreen({ info, now }: { info: MileageExchangeInfo; now: number }) {
  const brand = await getRequestBrand();
  const t = await getT('Mileage');
  const points = (n: number) => formatPoints(n, brand.locale);
  return (
    <div className={styles.screen} data-testid="mileage-exchange">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>
        {t('intro', {
          rate: points(info.pointsPerCoin),
          minimum: points(info.minimum),
          unit: points(info.unit),
          days: info.bonusValidDays,
        })}
      </p>
      {brand.pointsEarnPercent > 0 && (
        <p className={styles.intro}>
          {t('earnRule', { percent: brand.pointsEarnPercent, days: brand.pointsValidDays })}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('heldLabel')}</dt>
          <dd data-testid="mileage-held">{points(info.mileage)}</dd>
        </div>
        {info.soonestExpiry && (
          <div>
            <dt>{t('soonestLabel')}</dt>
            <dd data-testid="mileage-soonest">
              {t('soonest', {
                amount: points(info.soonestExpiry.amount),
                date: formatDate(brand, info.soonestExpiry.expiresAt),
              })}
            </dd>
          </div>
        )}
      </dl>
      <ScreenIntl namespaces={['Mileage', 'Errors']}>
        <MileageExchangeForm info={info} brand={brand} now={now} />
      </ScreenIntl>
      <p className={styles.links}>
        <Link href={routes.history('mileage')} prefetch={false} data-testid="mileage-to-history">
          {t('toHistory')}
        </Link>
      </p>
    </div>
  );
}
