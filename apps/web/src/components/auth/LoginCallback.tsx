'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useTranslations } from 'use-intl';
import { broadcastSessionChange } from '@/components/session/client';
import { useSession } from '@/components/session/SessionProvider';
import styles from './Auth.module.css';
import { forgetLoginFlags } from './ForgetLoginFlags';

/**
 * The end of a login (spec §2 login-success callbacks): the sign-in flags are forgotten, other
 * tabs are told, this tab's session is fetched, and the reader goes on to `target` without a
 * history entry for this step.
 */
export function LoginCallback({ target }: { target: string }) {
  const t = useTranslations('Callback');
  const router = useRouter();
  const { update } = useSession();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    forgetLoginFlags();
    broadcastSessionChange();
    void update().finally(() => router.replace(target));
  }, [router, target, update]);

  return (
    <div className={`${styles.screen} ${styles.center}`} data-testid="login-callback">
      <h1 className={styles.title} role="status">
        {t('signingIn')}
      </h1>
      <p>
        <Link href={target} replace prefetch={false}>
          {t('continue')}
        </Link>
      </p>
    </div>
  );
}
