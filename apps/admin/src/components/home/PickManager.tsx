'use client';

import { AdminPick, AdminPickList } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import ui from '@/components/ui/ui.module.css';
import { zonedLocalToIso } from '@/lib/format';
import styles from './Home.module.css';
import { MoveButtons } from './MoveButtons';
import { OrderedItemFormFooter, OrderedItems, useOrderedItems } from './OrderedItems';
import { moved } from './ordering';
import { WindowFields } from './WindowFields';

interface SeriesOption {
  id: number;
  title: string;
}

interface Props {
  picks: AdminPick[];
  /** The series the brand shows, which a pick may hold. */
  series: SeriesOption[];
  locale: string;
  timeZone: string;
}

/** The brand's editors' picks: their order, and a form for a pick's title, window and series in order. */
export function PickManager({ picks: initial, series, locale, timeZone }: Props) {
  const t = useTranslations('HomeScreen');
  const [chosen, setChosen] = useState<SeriesOption[]>([]);
  const [candidate, setCandidate] = useState('');
  const list = useOrderedItems(initial, {
    path: 'picks',
    itemSchema: AdminPick,
    listSchema: AdminPickList,
    idPrefix: 'pick',
    locale,
    timeZone,
    onEdit: (pick) => setChosen(pick?.series ?? []),
  });
  const { editing } = list;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await list.save({
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      startsAt: zonedLocalToIso(String(form.get('startsAt') ?? ''), timeZone),
      endsAt: zonedLocalToIso(String(form.get('endsAt') ?? ''), timeZone),
      seriesIds: chosen.map((s) => s.id),
    });
  }

  const available = series.filter((s) => !chosen.some((c) => c.id === s.id));

  return (
    <section aria-labelledby="picks-title">
      <h2 id="picks-title">{t('picks.title')}</h2>
      <OrderedItems list={list} empty={t('picks.empty')} itemClassName={`${styles.item} ${styles.textItem}`}>
        {(pick) => (
          <>
            <div>
              <strong>{pick.title}</strong>
              <div className={ui.muted}>
                {t('picks.count', { count: pick.series.length })} · {list.windowOf(pick)}
              </div>
              <div className={ui.muted}>{pick.series.map((s) => s.title).join(', ')}</div>
            </div>
          </>
        )}
      </OrderedItems>
      <form key={list.formKey} className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <h3>{editing ? t('picks.editing', { name: editing.title }) : t('picks.new')}</h3>
        <label className={ui.field}>
          <span>{t('picks.name')}</span>
          <input name="title" defaultValue={editing?.title ?? ''} required maxLength={200} />
        </label>
        <label className={ui.field}>
          <span>{t('picks.description')}</span>
          <textarea name="description" defaultValue={editing?.description ?? ''} maxLength={1000} />
        </label>
        <WindowFields item={editing} timeZone={timeZone} />
        <p className={ui.hint}>{t('windowHint')}</p>
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('picks.series')}</legend>
          {chosen.length === 0 ? (
            <p className={ui.hint}>{t('picks.none')}</p>
          ) : (
            <ol className={styles.chosen}>
              {chosen.map((s, index) => (
                <li key={s.id}>
                  <span>{s.title}</span>
                  <span className={ui.actions}>
                    <MoveButtons
                      index={index}
                      count={chosen.length}
                      name={s.title}
                      onMove={(by) => setChosen((all) => moved(all, index, by))}
                    />
                    <button
                      type="button"
                      className={ui.danger}
                      onClick={() => setChosen((all) => all.filter((c) => c.id !== s.id))}
                      aria-label={t('picks.remove', { name: s.title })}
                    >
                      ×
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <div className={ui.row}>
            <label className={ui.field}>
              <span>{t('picks.addSeries')}</span>
              <select value={candidate} onChange={(e) => setCandidate(e.target.value)}>
                <option value="">{t('picks.choose')}</option>
                {available.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={ui.secondary}
              disabled={candidate === ''}
              onClick={() => {
                const found = series.find((s) => String(s.id) === candidate);
                if (found) setChosen((all) => [...all, found]);
                setCandidate('');
              }}
            >
              {t('picks.add')}
            </button>
          </div>
        </fieldset>
        <OrderedItemFormFooter list={list} />
      </form>
    </section>
  );
}
