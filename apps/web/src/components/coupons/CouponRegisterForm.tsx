'use client';

import type { MemberCoupon } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { codeProblem } from '@/lib/coupons/coupons';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Coupons.module.css';

/**
 * The register form of /coupon (spec §5: the code must not be empty). A blank or impossible code
 * is answered at once; anything else goes to the api, which gives what the coupon gives. After a
 * success the header's balance and the lists below are read again.
 */
export function CouponRegisterForm() {
  const t = useTranslations('Coupons');
  const tType = useTranslations('CoinTypes');
  const errorText = useErrorText();
  const router = useRouter();
  const session = useSession();
  const id = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function describe(coupon: MemberCoupon): string {
    switch (coupon.kind) {
      case 'COIN':
        return t('registered.COIN', { coins: coupon.coins ?? 0, type: tType(coupon.coinType ?? 'COIN') });
      case 'DISCOUNT':
        return t('registered.DISCOUNT', { name: coupon.name });
      case 'EPISODE_RENT':
      case 'EPISODE_POSSESSION':
        return t(`registered.${coupon.kind}`, {
          number: coupon.episode?.number ?? 0,
          series: coupon.episode?.seriesTitle ?? '',
        });
    }
  }

  async function submit() {
    if (pending) return;
    const problem = codeProblem(code);
    setDone(null);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { registerCoupon } = await import('./coupon-calls');
      const answer = await registerCoupon(code);
      setDone(describe(answer.coupon));
      setCode('');
      await session.update();
      router.refresh();
    } catch (failure) {
      const failed = frontErrorCode(failure);
      if (needsLogin(failed)) {
        router.push(routes.login('/coupon'));
        return;
      }
      setError(failed);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="coupon-form"
    >
      <label htmlFor={`${id}-code`} className={styles.label}>
        {t('codeLabel')}
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-code`}
          name="code"
          className={styles.input}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          data-testid="coupon-code"
        />
        <button
          type="submit"
          className="button"
          disabled={pending}
          aria-busy={pending || undefined}
          data-testid="coupon-submit"
        >
          {pending ? t('registering') : t('register')}
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('codeHint')}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error} data-testid="coupon-error" data-code={error}>
          {errorText(error)}
        </p>
      )}
      <p role="status" className={styles.done} data-testid="coupon-done">
        {done}
      </p>
    </form>
  );
}
