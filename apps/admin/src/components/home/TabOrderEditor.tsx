'use client';

import { AdminHomeTabs, type HomeTabSlug } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { errorCodeOf } from '@/components/ui/useAdminAction';
import { callAdmin } from '@/lib/client-api';
import styles from './Home.module.css';
import { MoveButtons } from './MoveButtons';
import { moved } from './ordering';

/** The order of the brand's home tab bar: tabs move up or down, then the order is saved. */
export function TabOrderEditor({ initial }: { initial: AdminHomeTabs }) {
  const t = useTranslations('HomeScreen');
  const router = useRouter();
  const [tabs, setTabs] = useState<HomeTabSlug[]>(initial.tabs);
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  function move(index: number, by: -1 | 1) {
    const tab = tabs[index];
    if (tab === undefined || index + by < 0 || index + by >= tabs.length) return;
    setTabs(moved(tabs, index, by));
    setStatus('');
    // The button keeps the focus as its tab moves, so the keyboard can go on moving it.
    requestAnimationFrame(() => document.getElementById(`tab-${tab}-${by < 0 ? 'up' : 'down'}`)?.focus());
  }

  async function save() {
    setError(null);
    try {
      const saved = await callAdmin('home/tabs', AdminHomeTabs, { method: 'PUT', body: { tabs } });
      setTabs(saved.tabs);
      setIsDefault(saved.isDefault);
      setStatus(t('saved'));
      router.refresh();
    } catch (e) {
      setError(errorCodeOf(e));
    }
  }

  return (
    <section className={ui.card} aria-labelledby="order-title">
      <h2 id="order-title">{t('order.title')}</h2>
      <p className={ui.hint}>{t('order.hint')}</p>
      {isDefault ? <p className={ui.hint}>{t('order.default')}</p> : null}
      <ol className={styles.list}>
        {tabs.map((tab, index) => (
          <li key={tab} className={`${styles.item} ${styles.textItem}`}>
            <strong>{t(`order.tab.${tab}`)}</strong>
            <span className={ui.actions}>
              <MoveButtons
                index={index}
                count={tabs.length}
                name={t(`order.tab.${tab}`)}
                idPrefix={`tab-${tab}`}
                onMove={(by) => move(index, by)}
              />
            </span>
          </li>
        ))}
      </ol>
      <ErrorText code={error} />
      <p className={ui.success} role="status">
        {status}
      </p>
      <button type="button" className={ui.button} onClick={() => void save()}>
        {t('save')}
      </button>
    </section>
  );
}
