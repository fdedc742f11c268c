import Link from 'next/link';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getStoredSession } from '@/lib/session/server';
import { LockedOffer } from './LockedOffer';
import styles from './Viewer.module.css';

/**
 * The viewer of an episode the reader may not open (UNAUTHORIZED_CONTENTS, issue 12): a member
 * can rent or buy it, or use the series' wait-until-free ticket when it is ready, right here and
 * read on in place; a visitor logs in and comes back to it (they may own it).
 */
export async function LockedEpisode({
  episodeId,
  loginHref,
  backHref,
}: {
  episodeId: number;
  loginHref: string;
  backHref: string;
}) {
  const t = await getT('Viewer');
  const tErrors = await getT('Errors');
  const member = (await getStoredSession()) !== null;
  return (
    <div className={styles.locked} data-testid="locked-episode">
      <h1 className={styles.lockedTitle}>{tErrors('UNAUTHORIZED_CONTENTS')}</h1>
      {member ? (
        <ScreenIntl namespaces={['Viewer', 'Purchase', 'Freetime', 'Series', 'Errors']}>
          <LockedOffer episodeId={episodeId} />
        </ScreenIntl>
      ) : (
        <>
          <p>{t('lockedVisitor')}</p>
          <Link href={loginHref} prefetch={false} className="button" data-testid="locked-login">
            {t('logIn')}
          </Link>
        </>
      )}
      <Link href={backHref} prefetch={false} className="button button-secondary" data-testid="locked-back">
        {t('lockedBack')}
      </Link>
    </div>
  );
}
