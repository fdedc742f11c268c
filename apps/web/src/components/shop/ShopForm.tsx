'use client';

import type { PaymentMethod, ShopAgreement } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { canPay } from '@/lib/coins/shop';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { CouponPicker, type ShopCouponOption } from './CouponPicker';
import styles from './Shop.module.css';

export interface ShopProductOption {
  id: number;
  /** The tile, rendered by the server (ProductTile). */
  content: ReactNode;
  disabled: boolean;
  /** "Pay €4,99": the pay button's text while this product is chosen. */
  payLabel: string;
  /** The pay button's text with each of the member's discount coupons; null where it does not apply. */
  couponPayLabels?: Readonly<Record<number, string | null>>;
}

/**
 * The shop's choices and the pay button (spec §5: every required box ticked). Paying creates the
 * order (POST /shop/orders) with one idempotency key per attempt, reused by a double click or a
 * retry, and leaves for the order's checkout (the sandbox page or Stripe). A visitor picks a product
 * but is asked to log in, and comes back to the shop.
 */
export function ShopForm({
  products,
  paymentMethods,
  agreements,
  returnPath,
  loginHref,
  coupons = [],
}: {
  products: readonly ShopProductOption[];
  paymentMethods: readonly PaymentMethod[];
  agreements: readonly ShopAgreement[];
  returnPath: string | null;
  loginHref: string;
  /** The member's unused discount coupons (none for a visitor). */
  coupons?: readonly ShopCouponOption[];
}) {
  const t = useTranslations('Shop');
  const errorText = useErrorText();
  const session = useSession();
  const router = useRouter();
  const formId = useId();
  const [productId, setProductId] = useState<number | null>(() => products.find((p) => !p.disabled)?.id ?? null);
  const [method, setMethod] = useState<PaymentMethod | null>(paymentMethods[0] ?? null);
  const [ticked, setTicked] = useState<ReadonlySet<ShopAgreement>>(new Set());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; of: string } | null>(null);

  const member = isLoggedIn(session);
  const ready = canPay({ productId, paymentMethod: method, required: agreements, ticked });
  const chosen = products.find((p) => p.id === productId);
  const [couponId, setCouponId] = useState<number | null>(null);
  const couponApplies = (id: number) => (chosen?.couponPayLabels?.[id] ?? null) !== null;
  // A coupon chosen for another product stays chosen but is not sent while it does not apply.
  const appliedCoupon = couponId !== null && couponApplies(couponId) ? couponId : null;
  const payLabel = appliedCoupon === null ? chosen?.payLabel : chosen?.couponPayLabels?.[appliedCoupon];

  function toggle(agreement: ShopAgreement, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(agreement);
      else next.delete(agreement);
      return next;
    });
  }

  async function pay() {
    if (pending || !ready || productId === null || method === null) return;
    // One key per attempt at one product and method: a double click or a retry after a network
    // failure sends the same key, so the api makes one order.
    const of = `${productId}:${method}:${appliedCoupon ?? ''}`;
    if (attempt.current?.of !== of) attempt.current = { key: crypto.randomUUID(), of };
    setPending(true);
    setError(null);
    try {
      // The calls (and the schemas their answers are checked with) load on the first payment.
      const { createOrder } = await import('@/components/coins/coin-calls');
      const order = await createOrder({
        productId,
        paymentMethod: method,
        agreements: [...ticked],
        channel: 'WEB',
        idempotencyKey: attempt.current.key,
        ...(returnPath ? { returnPath } : {}),
        ...(appliedCoupon === null ? {} : { couponId: appliedCoupon }),
      });
      if (order.checkoutUrl) window.location.assign(order.checkoutUrl);
      else router.push(routes.shopComplete(order.id));
    } catch (failure) {
      const code = frontErrorCode(failure);
      setPending(false);
      if (needsLogin(code)) {
        router.push(loginHref);
        return;
      }
      // The api refused this attempt: a new one gets a new key. A failure to reach it keeps the key.
      if (code !== 'CLIENT_FETCH_ERROR' && code !== 'INTERNAL_ERROR') attempt.current = null;
      setError(code);
    }
  }

  return (
    <form
      id={formId}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
      data-testid="shop-form"
    >
      <fieldset className={styles.products}>
        <legend className="visually-hidden">{t('productsLabel')}</legend>
        {products.map((product) => (
          <label key={product.id} className={styles.product} data-testid="shop-product" data-product-id={product.id}>
            <input
              type="radio"
              name="product"
              value={product.id}
              checked={productId === product.id}
              disabled={product.disabled}
              onChange={() => setProductId(product.id)}
            />
            {product.content}
          </label>
        ))}
      </fieldset>

      {member && (
        <>
          {coupons.length > 0 && (
            <fieldset className={styles.group}>
              <legend className="visually-hidden">{t('coupon.label')}</legend>
              <CouponPicker coupons={coupons} value={appliedCoupon} applies={couponApplies} onChange={setCouponId} />
            </fieldset>
          )}
          <fieldset className={styles.group}>
            <legend>{t('methodsLabel')}</legend>
            {paymentMethods.map((item) => (
              <label key={item} className={styles.option}>
                <input
                  type="radio"
                  name="method"
                  value={item}
                  checked={method === item}
                  onChange={() => setMethod(item)}
                  data-testid={`shop-method-${item}`}
                />
                {t(`methods.${item}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('agreementsLabel')}</legend>
            {agreements.map((item) => (
              <label key={item} className={styles.option}>
                <input
                  type="checkbox"
                  required
                  checked={ticked.has(item)}
                  onChange={(event) => toggle(item, event.target.checked)}
                  data-testid={`shop-agreement-${item}`}
                />
                {t(`agreements.${item}`)}
              </label>
            ))}
          </fieldset>
        </>
      )}

      {error && (
        <p role="alert" className={styles.error} data-testid="shop-error" data-code={error}>
          {errorText(error)}
        </p>
      )}

      {session.status === 'loading' ? null : member ? (
        <div className={styles.actions}>
          <button
            type="submit"
            className="button"
            disabled={!ready || pending}
            aria-busy={pending || undefined}
            aria-describedby={ready ? undefined : `${formId}-hint`}
            data-testid="shop-pay"
          >
            {pending ? t('paying') : (payLabel ?? t('chooseProduct'))}
          </button>
          {!ready && (
            <p id={`${formId}-hint`} className={styles.note}>
              {productId === null ? t('chooseProduct') : t('agreementsHint')}
            </p>
          )}
        </div>
      ) : (
        <div className={styles.actions}>
          <Link href={loginHref} prefetch={false} className="button" data-testid="shop-login">
            {t('loginToBuy')}
          </Link>
        </div>
      )}
    </form>
  );
}
