'use client';

import { useTranslations } from 'use-intl';
import ui from '@/components/ui/ui.module.css';

interface Props {
  index: number;
  count: number;
  /** What moves, for the buttons' accessible names. */
  name: string;
  onMove: (by: -1 | 1) => void;
  /** Given, the buttons get the ids `${idPrefix}-up` and `${idPrefix}-down`, to take the focus back after a move. */
  idPrefix?: string;
}

/** The ↑ and ↓ buttons of an item in an ordered list (the first cannot go up, the last down). */
export function MoveButtons({ index, count, name, onMove, idPrefix }: Props) {
  const t = useTranslations('HomeScreen');
  return (
    <>
      <button
        type="button"
        id={idPrefix ? `${idPrefix}-up` : undefined}
        className={ui.secondary}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={t('moveUp', { name })}
      >
        ↑
      </button>
      <button
        type="button"
        id={idPrefix ? `${idPrefix}-down` : undefined}
        className={ui.secondary}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={t('moveDown', { name })}
      >
        ↓
      </button>
    </>
  );
}
