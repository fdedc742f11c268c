'use client';

import { useTranslations } from 'use-intl';
import ui from '@/components/ui/ui.module.css';
import { isoToZonedLocal } from '@/lib/format';

interface Props {
  /** The item being edited (its window is the fields' default), or null for a new one. */
  item: { startsAt: string | null; endsAt: string | null } | null;
  timeZone: string;
  /** The id of the hint that explains the window, when the form shows one. */
  describedBy?: string;
}

/** When an item shows: the fields `startsAt` and `endsAt`, as times of the brand's zone. */
export function WindowFields({ item, timeZone, describedBy }: Props) {
  const t = useTranslations('HomeScreen');
  return (
    <div className={ui.row}>
      {(['startsAt', 'endsAt'] as const).map((name) => (
        <label key={name} className={ui.field}>
          <span>{t(name, { zone: timeZone })}</span>
          <input
            type="datetime-local"
            name={name}
            defaultValue={isoToZonedLocal(item?.[name], timeZone)}
            aria-describedby={describedBy}
          />
        </label>
      ))}
    </div>
  );
}
