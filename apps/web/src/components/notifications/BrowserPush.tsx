'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import formStyles from '@/components/ui/Form.module.css';
import { Switch } from '@/components/ui/Switch';
import { type BrowserPushState, supportsPush } from '@/lib/notifications/notifications';
import { currentSubscription, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';
import styles from './Notifications.module.css';

/**
 * "Notifications on this browser" (issue 13 item 6, decision 0211): subscribes this browser to
 * Web Push (asking the browser's permission first) or unsubscribes it. Which pushes come follows
 * the member's push settings; the switch is this browser's only. Not offered where the browser
 * cannot show pushes; said so where the reader blocked them.
 */
export function BrowserPush() {
  const t = useTranslations('Notifications');
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!supportsPush(window)) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    let live = true;
    currentSubscription()
      .then((subscription) => {
        if (live) setState(subscription ? 'on' : 'off');
      })
      .catch(() => {
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, []);

  async function toggle() {
    if (busy || (state !== 'on' && state !== 'off')) return;
    setBusy(true);
    setFailed(false);
    try {
      setState(state === 'on' ? await unsubscribeThisBrowser() : await subscribeThisBrowser());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="browser-push-heading" data-testid="browser-push">
      <h2 id="browser-push-heading">{t('browser.heading')}</h2>
      {state === 'unsupported' || state === 'denied' ? (
        <p className={formStyles.hint} data-testid="browser-push-unavailable">
          {t(`browser.${state}`)}
        </p>
      ) : (
        <Switch
          id="browser-push-switch"
          label={t('browser.label')}
          hint={t('browser.hint')}
          checked={state === 'on'}
          disabled={state === null}
          busy={busy}
          onToggle={() => void toggle()}
        />
      )}
      {failed && (
        <p role="alert" className={styles.toast}>
          {t('browser.failed')}
        </p>
      )}
    </section>
  );
}
