'use client';

import { type BrandConfig, User } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { AdultPopup, type AdultPopupMode, setAdultDisplay } from '@/components/adult/AdultPopup';
import { logAuthEvent } from '@/components/session/client';
import { frontErrorCode } from '@/components/session/front-error';
import { frontFetch } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import { Switch } from '@/components/ui/Switch';
import styles from './Account.module.css';

/**
 * The display switches of /my/profile (spec §4): adult content, for a verified adult (others are
 * offered the adult check), and BL content where the brand lets members hide it. Each sets the
 * opposite of what is shown, then refreshes user data; failures are logged only (spec §8).
 */
export function DisplaySettings({
  brand,
  showAdult: initialAdult,
  canShowAdult,
  showBl: initialBl,
  blToggle,
  popupMode,
}: {
  brand: BrandConfig;
  showAdult: boolean;
  /** Adult with a birth date (spec §4): only then can adult display be switched on. */
  canShowAdult: boolean;
  showBl: boolean;
  /** The brand lets members hide BL (spec §4 show-BL). */
  blToggle: boolean;
  popupMode: AdultPopupMode;
}) {
  const t = useTranslations('Profile');
  const router = useRouter();
  const session = useSession();
  const [adult, setAdult] = useState(initialAdult);
  const [bl, setBl] = useState(initialBl);
  const [pending, setPending] = useState<'adult' | 'bl' | null>(null);
  const [popup, setPopup] = useState(false);

  async function refresh() {
    await session.update();
    router.refresh();
  }

  async function toggleAdult() {
    if (pending) return;
    setPending('adult');
    const next = !adult;
    if (await setAdultDisplay(next)) {
      setAdult(next);
      await refresh();
    }
    setPending(null);
  }

  async function toggleBl() {
    if (pending) return;
    setPending('bl');
    const next = !bl;
    try {
      await frontFetch(`/user/BL/toggle/${next}`, User, { method: 'PUT' });
      setBl(next);
      await refresh();
    } catch (error) {
      logAuthEvent('warn', frontErrorCode(error), `BL toggle ${next}`);
    } finally {
      setPending(null);
    }
  }

  return (
    <ul className={styles.switchList}>
      <li>
        <Switch
          id="display-adult"
          label={t('adult')}
          hint={canShowAdult ? t('adultHint') : t('adultNeedsVerification')}
          checked={adult}
          disabled={!canShowAdult}
          busy={pending === 'adult'}
          onToggle={() => void toggleAdult()}
        />
        {!canShowAdult && (
          <div className={styles.actions}>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setPopup(true)}
              data-testid="verify-age"
            >
              {t('verifyAge')}
            </button>
          </div>
        )}
      </li>
      {blToggle && (
        <li>
          <Switch
            id="display-bl"
            label={t('bl')}
            hint={t('blHint')}
            checked={bl}
            busy={pending === 'bl'}
            onToggle={() => void toggleBl()}
          />
        </li>
      )}
      {popup && <AdultPopup mode={popupMode} brand={brand} onClose={() => setPopup(false)} />}
    </ul>
  );
}
