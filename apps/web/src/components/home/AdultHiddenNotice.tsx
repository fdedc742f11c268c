import Link from 'next/link';
import { AdultGateActions } from '@/components/adult/AdultGateActions';
import { adultCheckFor } from '@/components/adult/adult-check';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import styles from './SeriesGrid.module.css';

/**
 * The discreet line a list shows when the api withheld adult series from this reader (spec §4/§6),
 * with the adult check that fits them, as the adult gate offers it (`adultCheckFor`).
 */
export async function AdultHiddenNotice({
  returnPath,
  message,
}: {
  /** The screen's path, where the adult check returns. */
  returnPath: string;
  /** The screen's own wording (search results, …); lists say "some series here are for adults". */
  message?: string;
}) {
  const { brand, loginHref, mode, needsLogin, hiddenBySettings } = await adultCheckFor(returnPath);
  const t = await getT('Home');
  const tPopup = await getT('AdultPopup');

  return (
    <div className={styles.notice} role="note" data-testid="adult-hidden">
      <p>{hiddenBySettings ? t('adultHiddenSettings') : (message ?? t('adultHidden'))}</p>
      {needsLogin ? (
        // Leaving for the adult check is rare: not worth a prefetch.
        <Link href={loginHref} prefetch={false} className="button button-secondary">
          {tPopup('gateLogin')}
        </Link>
      ) : (
        <ScreenIntl namespaces={['AdultPopup', 'Errors']}>
          <AdultGateActions mode={mode} brand={brand} enableOnly={hiddenBySettings} autoOpen={false} />
        </ScreenIntl>
      )}
    </div>
  );
}
