import { type CoinProduct, formatPrice } from '@balcony/contracts';
import { CoinIcon } from '@/components/coins/CoinIcon';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { layoutParts, productAvailability, productPrices } from '@/lib/coins/shop';
import styles from './Shop.module.css';

/**
 * What a coin product tile says (spec §3 shop items): the coins in its layout (coin icon and / or
 * amount text), bonus and free coins, the price paid with the original struck while a sale runs,
 * the percent badge and marks, and why it cannot be bought when it cannot.
 */
export async function ProductTile({ product }: { product: CoinProduct }) {
  const brand = await getRequestBrand();
  const t = await getT('Shop');
  const { pay, original } = productPrices(product);
  const availability = productAvailability(product);
  const amount = t('coins', { coins: product.coins });
  return (
    <>
      <span className={styles.amount} data-testid="product-coins">
        {layoutParts(product.layout).map((part) =>
          part === 'icon' ? <CoinIcon key="icon" size={24} /> : <span key="text">{amount}</span>,
        )}
        {/* An icon-only tile still tells its amount to screen readers. */}
        {product.layout === 'ONLY_ICON' && <span className="visually-hidden">{amount}</span>}
      </span>
      <span className={styles.note}>{product.name}</span>
      {(product.bonusCoins > 0 || product.freeCoins > 0) && (
        <span className={styles.extras}>
          {product.bonusCoins > 0 && <span>{t('bonus', { coins: product.bonusCoins })}</span>}
          {product.freeCoins > 0 && <span>{t('free', { coins: product.freeCoins })}</span>}
        </span>
      )}
      <span className={styles.prices}>
        <span className={styles.price} data-testid="product-price">
          {formatPrice(brand, pay)}
        </span>
        {original !== null && (
          <>
            <s className={styles.original} aria-hidden="true" data-testid="product-original-price">
              {formatPrice(brand, original)}
            </s>
            <span className="visually-hidden">{t('originalPrice', { price: formatPrice(brand, original) })}</span>
          </>
        )}
      </span>
      {(product.percent !== null || product.marks.length > 0) && (
        <span className={styles.badges}>
          {product.percent !== null && product.percent > 0 && (
            <span className={`${styles.badge} ${styles.percent}`}>{t('percent', { percent: product.percent })}</span>
          )}
          {product.marks.map((mark) => (
            <span key={mark} className={styles.badge} data-mark={mark}>
              {t(`marks.${mark}`)}
            </span>
          ))}
        </span>
      )}
      {availability !== 'available' && (
        <span className={styles.unavailable} data-testid="product-unavailable">
          {availability === 'soldOut' ? t('soldOut') : t('limitReached')}
        </span>
      )}
    </>
  );
}
