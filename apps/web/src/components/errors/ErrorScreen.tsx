import type { FollowUpAction } from '@balcony/contracts';
import Link from 'next/link';
import { AdultGate } from '@/components/adult/AdultGate';
import { getT } from '@/i18n/server';
import { followUpOf, type MessageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';
import styles from './ErrorScreen.module.css';

interface ErrorScreenProps {
  code: MessageCode;
  /** The screen that failed: where reload, login and the adult check lead back to. */
  returnPath: string;
  /** Where "back" goes, e.g. the series page from its viewer. */
  backHref?: string;
  /** Where a visitor who logs in goes on to: offered for a screen that a login may open (a locked episode they own). */
  visitorLoginPath?: string;
}

function actionHref(action: FollowUpAction, returnPath: string, backHref: string): string {
  switch (action) {
    case 'reload':
      return returnPath;
    case 'login':
    case 'logout':
    case 'adult':
      return routes.login(returnPath);
    case 'shop':
      return routes.shop;
    case 'back':
      return backHref;
    case 'home':
    case 'none':
      return routes.home;
  }
}

/** A failure the reader can act on: its message and the follow-up of the spec §8 catalogue. */
export async function ErrorScreen({ code, returnPath, backHref = routes.home, visitorLoginPath }: ErrorScreenProps) {
  const t = await getT('ErrorPage');
  const tErrors = await getT('Errors');
  const tActions = await getT('ErrorActions');
  const action = followUpOf(code);
  // The adult check opens in place (spec §4 adult popup) rather than leading elsewhere.
  if (action === 'adult') return <AdultGate returnPath={returnPath} />;
  const href = actionHref(action, returnPath, backHref);
  const offerLogin = visitorLoginPath !== undefined && action !== 'login' && (await getStoredSession()) === null;
  return (
    <div className={styles.screen} data-testid="error-screen">
      <h1>{tErrors(code)}</h1>
      <div className={styles.actions}>
        {/* A reload must reach the server again, so it is a plain link rather than a client navigation. */}
        {action === 'reload' ? (
          <a href={href} className="button">
            {tActions(action)}
          </a>
        ) : (
          <Link href={href} prefetch={false} className="button">
            {tActions(action)}
          </Link>
        )}
        {offerLogin && (
          <Link
            href={routes.login(visitorLoginPath)}
            prefetch={false}
            className="button button-secondary"
            data-testid="error-login"
          >
            {tActions('login')}
          </Link>
        )}
        {href !== routes.home && (
          <Link href={routes.home} className="button button-secondary">
            {t('home')}
          </Link>
        )}
      </div>
      <p className={styles.code}>{t('code', { code })}</p>
    </div>
  );
}
