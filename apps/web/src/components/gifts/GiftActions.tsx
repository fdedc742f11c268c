'use client';

import type { GiftsReceived } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { needsLogin } from '@/lib/errors/error-codes';
import { GIFT_PATH, GIFTS_CHANGED_EVENT } from '@/lib/gifts/gifts';
import { routes } from '@/lib/navigation/routes';
import styles from './Gifts.module.css';

/**
 * Receiving: the call, then the session fetched again (the header balance), the header's gift
 * count set from the answer, and the box rendered again from the server. A refusal (already
 * received in another tab, expired, content gone) is said in a toast and the box reloads.
 */
function useReceive() {
  const t = useTranslations('Gifts');
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const { update } = useSession();
  const [pending, setPending] = useState(false);

  async function run(call: () => Promise<GiftsReceived>, said: (answer: GiftsReceived) => string) {
    if (pending) return;
    setPending(true);
    try {
      const answer = await call();
      window.dispatchEvent(new CustomEvent(GIFTS_CHANGED_EVENT, { detail: answer.waitingCount }));
      const failed = answer.failed.length > 0 ? ` ${t('someFailed', { count: answer.failed.length })}` : '';
      toast.show(`${said(answer)}${failed}`);
      await update();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(GIFT_PATH));
        return;
      }
      toast.show(errorText(code));
    } finally {
      setPending(false);
      router.refresh();
    }
  }
  return { pending, run, t };
}

export function ReceiveButton({ giftId, title }: { giftId: number; title: string }) {
  const { pending, run, t } = useReceive();
  return (
    <button
      type="button"
      className={`button ${styles.receive}`}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={t('receiveLabel', { title })}
      onClick={() =>
        void run(
          async () => (await import('./gift-calls')).receiveGift(giftId),
          () => t('received', { title }),
        )
      }
      data-testid="gift-receive"
    >
      {pending ? t('receiving') : t('receive')}
    </button>
  );
}

export function ReceiveAllButton({ count }: { count: number }) {
  const { pending, run, t } = useReceive();
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() =>
        void run(
          async () => (await import('./gift-calls')).receiveAllGifts(),
          (answer) => t('receivedAll', { count: answer.received.length }),
        )
      }
      data-testid="gift-receive-all"
    >
      {pending ? t('receiving') : t('receiveAll', { count })}
    </button>
  );
}
