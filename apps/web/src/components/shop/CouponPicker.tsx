'use client';

import Link from 'next/link';
import { useId } from 'react';
import { useTranslations } from 'use-intl';
import styles from '@/components/coupons/Coupons.module.css';
import { couponPath } from '@/lib/coupons/coupons';

export interface ShopCouponOption {
  /** The member's coupon (CreateOrderRequest.couponId). */
  id: number;
  /** "Spring: 20 % off". */
  label: string;
  /** "from €4,99", shown when the chosen product is below the coupon's minimum. */
  minimum: string;
}

/**
 * The shop's choice of a discount coupon (issue 12): the member's unused discounts, one of them
 * or none. A coupon whose minimum the chosen product does not reach cannot be chosen for it.
 */
export function CouponPicker({
  coupons,
  value,
  applies,
  onChange,
}: {
  coupons: readonly ShopCouponOption[];
  value: number | null;
  /** Whether a coupon applies to the chosen product. */
  applies: (couponId: number) => boolean;
  onChange: (couponId: number | null) => void;
}) {
  const t = useTranslations('Shop');
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{t('coupon.label')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        data-testid="shop-coupon"
      >
        <option value="">{t('coupon.none')}</option>
        {coupons.map((coupon) => (
          <option key={coupon.id} value={coupon.id} disabled={!applies(coupon.id)}>
            {applies(coupon.id) ? coupon.label : `${coupon.label} (${coupon.minimum})`}
          </option>
        ))}
      </select>
      <Link href={couponPath()} prefetch={false}>
        {t('coupon.manage')}
      </Link>
    </div>
  );
}
