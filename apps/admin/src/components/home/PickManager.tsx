'use client';

import { AdminDeleted, AdminPick, AdminPickList } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { callAdmin } from '@/lib/client-api';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from '@/lib/format';
import styles from './Home.module.css';

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

/** Moves the item at `index` by one place; the same list when it cannot move. */
function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  const item = list[index];
  if (item === undefined || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}

/** The brand's editors' picks: their order, and a form for a pick's title, window and series in order. */
export function PickManager({ picks: initial, series, locale, timeZone }: Props) {
  const t = useTranslations('HomeScreen');
  const router = useRouter();
  const [picks, setPicks] = useState(initial);
  const [editing, setEditing] = useState<AdminPick | null>(null);
  const [chosen, setChosen] = useState<SeriesOption[]>([]);
  const [candidate, setCandidate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [formKey, setFormKey] = useState(0);

  function edit(pick: AdminPick | null) {
    setEditing(pick);
    setChosen(pick?.series ?? []);
    setError(null);
    setFormKey((k) => k + 1);
  }

  const windowOf = (p: AdminPick) => {
    const from = formatInstant(p.startsAt, locale, timeZone);
    const to = formatInstant(p.endsAt, locale, timeZone);
    if (from && to) return t('window', { from, to });
    if (from) return t('from', { from });
    if (to) return t('until', { to });
    return t('always');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      startsAt: zonedLocalToIso(String(form.get('startsAt') ?? ''), timeZone),
      endsAt: zonedLocalToIso(String(form.get('endsAt') ?? ''), timeZone),
      seriesIds: chosen.map((s) => s.id),
    };
    setError(null);
    try {
      const saved = await callAdmin(editing ? `picks/${editing.id}` : 'picks', AdminPick, {
        method: editing ? 'PUT' : 'POST',
        body,
      });
      setPicks((all) => (editing ? all.map((p) => (p.id === saved.id ? saved : p)) : [...all, saved]));
      setStatus(t('saved'));
      edit(null);
      router.refresh();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  async function move(index: number, by: -1 | 1) {
    const pick = picks[index];
    if (!pick) return;
    const ids = moved(picks, index, by).map((p) => p.id);
    try {
      setPicks(await callAdmin('picks/order', AdminPickList, { method: 'PUT', body: { ids } }));
      setStatus(t('orderSaved'));
      document.getElementById(`pick-${pick.id}-${by < 0 ? 'up' : 'down'}`)?.focus();
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  async function remove(pick: AdminPick) {
    if (!window.confirm(t('confirmDelete', { name: pick.title }))) return;
    try {
      await callAdmin(`picks/${pick.id}`, AdminDeleted, { method: 'DELETE' });
      setPicks((all) => all.filter((p) => p.id !== pick.id));
      if (editing?.id === pick.id) edit(null);
    } catch (e) {
      setError((e as { code?: string }).code ?? 'INTERNAL_ERROR');
    }
  }

  const available = series.filter((s) => !chosen.some((c) => c.id === s.id));

  return (
    <section aria-labelledby="picks-title">
      <h2 id="picks-title">{t('picks.title')}</h2>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {picks.length === 0 ? (
        <p>{t('picks.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {picks.map((pick, index) => (
            <li key={pick.id} className={`${styles.item} ${styles.textItem}`}>
              <div>
                <strong>{pick.title}</strong>
                <div className={ui.muted}>
                  {t('picks.count', { count: pick.series.length })} · {windowOf(pick)}
                </div>
                <div className={ui.muted}>{pick.series.map((s) => s.title).join(', ')}</div>
              </div>
              <div className={ui.actions}>
                <button
                  type="button"
                  id={`pick-${pick.id}-up`}
                  className={ui.secondary}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                  aria-label={t('moveUp', { name: pick.title })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`pick-${pick.id}-down`}
                  className={ui.secondary}
                  disabled={index === picks.length - 1}
                  onClick={() => void move(index, 1)}
                  aria-label={t('moveDown', { name: pick.title })}
                >
                  ↓
                </button>
                <button type="button" className={ui.secondary} onClick={() => edit(pick)}>
                  {t('edit')}
                </button>
                <button type="button" className={ui.danger} onClick={() => void remove(pick)}>
                  {t('delete')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form key={formKey} className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <h3>{editing ? t('picks.editing', { name: editing.title }) : t('picks.new')}</h3>
        <label className={ui.field}>
          <span>{t('picks.name')}</span>
          <input name="title" defaultValue={editing?.title ?? ''} required maxLength={200} />
        </label>
        <label className={ui.field}>
          <span>{t('picks.description')}</span>
          <textarea name="description" defaultValue={editing?.description ?? ''} maxLength={1000} />
        </label>
        <div className={ui.row}>
          <label className={ui.field}>
            <span>{t('startsAt', { zone: timeZone })}</span>
            <input type="datetime-local" name="startsAt" defaultValue={isoToZonedLocal(editing?.startsAt, timeZone)} />
          </label>
          <label className={ui.field}>
            <span>{t('endsAt', { zone: timeZone })}</span>
            <input type="datetime-local" name="endsAt" defaultValue={isoToZonedLocal(editing?.endsAt, timeZone)} />
          </label>
        </div>
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
                    <button
                      type="button"
                      className={ui.secondary}
                      disabled={index === 0}
                      onClick={() => setChosen((all) => moved(all, index, -1))}
                      aria-label={t('moveUp', { name: s.title })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={ui.secondary}
                      disabled={index === chosen.length - 1}
                      onClick={() => setChosen((all) => moved(all, index, 1))}
                      aria-label={t('moveDown', { name: s.title })}
                    >
                      ↓
                    </button>
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
        <ErrorText code={error} />
        <div className={ui.actions}>
          <button type="submit" className={ui.button}>
            {t('save')}
          </button>
          {editing ? (
            <button type="button" className={ui.secondary} onClick={() => edit(null)}>
              {t('cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
