'use client';

import type { PlatformId } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import formStyles from '@/components/ui/Form.module.css';
import { clearDeviceData, storedBytes } from '@/lib/account/device-data';
import styles from './Account.module.css';

type State = 'idle' | 'clearing' | 'cleared';

/**
 * Spec §2 app settings "clear cache": what this browser keeps for the site, and a button that
 * clears what can be rebuilt (decision 0219); the pages shown next are fetched fresh.
 */
export function ClearCache({ brand }: { brand: PlatformId }) {
  const t = useTranslations('Settings');
  const format = useFormatter();
  const router = useRouter();
  const [bytes, setBytes] = useState<number | null>(null);
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    void storedBytes().then(setBytes);
  }, []);

  async function clear() {
    setState('clearing');
    await clearDeviceData(brand);
    // The router's cached pages go too.
    router.refresh();
    setBytes(await storedBytes());
    setState('cleared');
  }

  return (
    <section className={styles.section} aria-labelledby="storage-heading">
      <h2 id="storage-heading">{t('storageHeading')}</h2>
      <p className={formStyles.hint}>{t('storageHint')}</p>
      <p data-testid="storage-used">
        {bytes === null
          ? t('storageUnknown')
          : t('storageUsed', {
              size: format.number(bytes / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
            })}
      </p>
      <p className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void clear()}
          disabled={state === 'clearing'}
          aria-busy={state === 'clearing' || undefined}
          data-testid="clear-cache"
        >
          {state === 'clearing' ? t('clearing') : t('clearCache')}
        </button>
      </p>
      <p role="status" data-testid="clear-cache-status">
        {state === 'cleared' ? t('cleared') : ''}
      </p>
    </section>
  );
}
