'use client';

import type { EventGain } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { needsLogin } from '@/lib/errors/error-codes';
import { sumGains } from '@/lib/events/events';
import { routes } from '@/lib/navigation/routes';

/**
 * A member's action in an event: the call, then the session fetched again (the header balance)
 * and the page rendered again from the server. A refusal is said in a toast; an ended session
 * goes to login and back to `returnPath`.
 */
export function useEventAction(returnPath: string) {
  const t = useTranslations('Events');
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const { update } = useSession();
  const [pending, setPending] = useState(false);

  const gainsText = (gains: readonly EventGain[]) =>
    sumGains(gains)
      .map((g) => t(`types.${g.type}`, { count: g.amount }))
      .join(', ');

  async function run<T>(call: () => Promise<T>, done: (answer: T) => void): Promise<void> {
    if (pending) return;
    setPending(true);
    try {
      const answer = await call();
      done(answer);
      await update();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(returnPath));
        return;
      }
      toast.show(errorText(code));
    } finally {
      setPending(false);
      router.refresh();
    }
  }
  return { pending, run, t, toast, gainsText };
}
