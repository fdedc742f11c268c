'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useTranslations } from 'use-intl';
import styles from '@/components/errors/ErrorScreen.module.css';
import { signOut } from '@/components/session/client';
import { useSession } from '@/components/session/SessionProvider';

/**
 * Spec §8 viewer NOT_FOUND_ACCESS_TOKEN (follow-up "logout"): the api no longer knows this
 * session, so the reader is logged out here too and sent to log in, coming back to the episode.
 */
export function SessionEnded({ loginHref }: { loginHref: string }) {
  const t = useTranslations('Viewer');
  const router = useRouter();
  const { clear } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut(loginHref).then((url) => {
      clear();
      router.replace(url);
    });
  }, [clear, loginHref, router]);

  return (
    <div className={styles.screen} role="alert" data-testid="session-ended">
      <h1>{t('sessionEnded')}</h1>
      <div className={styles.actions}>
        <Link href={loginHref} prefetch={false} className="button">
          {t('logInAgain')}
        </Link>
      </div>
    </div>
  );
}
