'use client';

import { FREETIME_UNLOCK_MS, HOUR_MS } from '@balcony/contracts/constants';
import { useId, useRef } from 'react';
import { useTranslations } from 'use-intl';
import { newAttemptKey } from '@/components/coins/coin-calls';
import styles from '@/components/coins/Purchase.module.css';
import { DialogActions, useSpendAttempt } from '@/components/coins/PurchaseParts';
import { useToast } from '@/components/feedback/Toast';
import { Modal } from '@/components/ui/Modal';
import { routes } from '@/lib/navigation/routes';
import { spendFreetimeTicket } from './freetime-calls';

const UNLOCK_HOURS = FREETIME_UNLOCK_MS / HOUR_MS;

/**
 * The free-time popup (spec §1; issue 12): what the series' wait-until-free ticket does (opens
 * this episode for 72 hours, then comes back after the series' interval) and a button that uses
 * it (POST /episodes/{id}/freetime, one key per attempt). `onUsed` opens the episode: the series
 * page goes to the viewer, the locked viewer opens it in place. In the viewer's binge-read
 * confirmation it carries the confirmation's title (`title`).
 */
export function FreetimeDialog({
  episode,
  intervalHours,
  title,
  onClose,
  onUsed,
  testId = 'freetime-dialog',
}: {
  episode: { id: number; number: number; title: string };
  intervalHours: number | null;
  title?: string;
  onClose(): void;
  onUsed(): void;
  testId?: string;
}) {
  const t = useTranslations('Freetime');
  const toast = useToast();
  const titleId = useId();
  const textId = useId();
  const key = useRef<string | null>(null);
  const here = routes.viewer(episode.id);
  const { pending, attempt } = useSpendAttempt({ shopReturn: here, loginReturn: here, onClose });

  function use() {
    key.current ??= newAttemptKey();
    const attemptKey = key.current;
    void attempt(
      () => spendFreetimeTicket(episode.id, attemptKey),
      async () => {
        toast.show(t('unlocked', { number: episode.number, hours: UNLOCK_HOURS }));
        onUsed();
      },
      () => {
        key.current = null;
      },
    );
  }

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} testId={testId}>
      <div className={styles.body}>
        <h2 id={titleId}>{title ?? t('title')}</h2>
        <p className={styles.episodeTitle}>{t('episode', { number: episode.number, title: episode.title })}</p>
        <div id={textId} className={styles.balance}>
          <span>{t('explain', { hours: UNLOCK_HOURS })}</span>
          {intervalHours !== null && <span className={styles.hint}>{t('interval', { hours: intervalHours })}</span>}
        </div>
        <DialogActions
          pending={pending}
          confirmLabel={t('use')}
          onConfirm={use}
          onCancel={onClose}
          confirmTestId="freetime-use"
        />
      </div>
    </Modal>
  );
}
