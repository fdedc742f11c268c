'use client';

import type { Emoticon } from '@balcony/contracts';
import { EVENT_PATH } from '@/lib/events/events';
import styles from './Events.module.css';
import { useEventAction } from './useEventAction';

const FACES: Readonly<Record<Emoticon, string>> = {
  LOVE: '❤️',
  LAUGH: '😂',
  WOW: '😮',
  CRY: '😢',
  CHEER: '👏',
  ANGRY: '😠',
};

/** The emoticon event: one reaction per member, then everyone's counts. */
export function EmoticonPicker({
  eventId,
  counts,
  mine,
  readOnly,
}: {
  eventId: number;
  counts: readonly { emoticon: Emoticon; count: number }[];
  mine: Emoticon | null;
  /** A visitor sees the counts; reacting needs a member. */
  readOnly: boolean;
}) {
  const { pending, run, t, toast, gainsText } = useEventAction(EVENT_PATH);
  return (
    <fieldset
      className={styles.emoticons}
      disabled={readOnly || pending || mine !== null}
      data-testid="emoticon-picker"
    >
      <legend>{mine ? t('reacted', { emoticon: t(`emoticons.${mine}`) }) : t('emoticonPrompt')}</legend>
      {counts.map(({ emoticon, count }) => (
        <button
          key={emoticon}
          type="button"
          className={emoticon === mine ? `${styles.emoticon} ${styles.mine}` : styles.emoticon}
          aria-pressed={emoticon === mine}
          onClick={() =>
            void run(
              async () => (await import('./event-calls')).reactToEvent(eventId, emoticon),
              (answer) =>
                toast.show(
                  answer.reacted
                    ? t('reactedToast', { gains: gainsText(answer.gains) || t('nothing') })
                    : t('reacted', { emoticon: t(`emoticons.${answer.emoticon}`) }),
                ),
            )
          }
          data-testid="emoticon"
          data-emoticon={emoticon}
        >
          <span aria-hidden="true" className={styles.face}>
            {FACES[emoticon]}
          </span>
          <span>{t(`emoticons.${emoticon}`)}</span>
          <span className={styles.count}>{t('count', { count })}</span>
        </button>
      ))}
    </fieldset>
  );
}
