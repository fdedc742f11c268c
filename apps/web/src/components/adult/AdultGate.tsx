import { cookies } from 'next/headers';
import Link from 'next/link';
import styles from '@/components/errors/ErrorScreen.module.css';
import { CarrierIdentityButton } from '@/components/identity/CarrierIdentityButton';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import { COOKIES } from '@/lib/session/cookies';
import { AdultGateActions } from './AdultGateActions';
import { adultCheckFor } from './adult-check';

/**
 * What a page shows when the api answers ADULT_ONLY_CONTENTS (spec §8 follow-up "adult"): the
 * message and the adult check that fits the reader (spec §4). A visitor on a birthday brand logs in
 * first; an adult member who hid adult content can show it again; anyone else gets the adult popup,
 * opened at once unless it was answered within the day (adult_popup cookie).
 */
export async function AdultGate({ returnPath }: { returnPath: string }) {
  const {
    brand,
    loginHref,
    mode,
    needsLogin,
    needsCarrierCheck,
    hiddenBySettings: hidden,
  } = await adultCheckFor(returnPath);
  const answered = (await cookies()).has(COOKIES.adultPopup.name);
  const tErrors = await getT('Errors');
  const tPopup = await getT('AdultPopup');
  const tPage = await getT('ErrorPage');
  const tCarrier = await getT('CarrierIdentity');

  return (
    <div className={styles.screen} data-testid="adult-gate">
      <h1>{tErrors('ADULT_ONLY_CONTENTS')}</h1>
      {hidden && <p>{tPopup('gateEnableHint')}</p>}
      {needsCarrierCheck && <p>{tCarrier('gateHint')}</p>}
      <div className={styles.actions}>
        {needsLogin ? (
          <Link href={loginHref} prefetch={false} className="button" data-testid="adult-gate-login">
            {tPopup('gateLogin')}
          </Link>
        ) : needsCarrierCheck ? (
          <ScreenIntl namespaces={['CarrierIdentity', 'Errors']}>
            <CarrierIdentityButton />
          </ScreenIntl>
        ) : (
          <ScreenIntl namespaces={['AdultPopup', 'Errors']}>
            <AdultGateActions mode={mode} brand={brand} enableOnly={hidden} autoOpen={!answered && !hidden} />
          </ScreenIntl>
        )}
        <Link href={routes.home} className="button button-secondary">
          {tPage('home')}
        </Link>
      </div>
    </div>
  );
}
