'use client';

import { AdminDeleted } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type ReactNode, useState } from 'react';
import { useTranslations } from 'use-intl';
import type { z } from 'zod';
import { FormFooter } from '@/components/ui/FormFooter';
import ui from '@/components/ui/ui.module.css';
import { errorCodeOf, useAdminAction } from '@/components/ui/useAdminAction';
import { callAdmin, saveAdmin } from '@/lib/client-api';
import { formatInstant } from '@/lib/format';
import styles from './Home.module.css';
import { MoveButtons } from './MoveButtons';
import { moved } from './ordering';

interface Item {
  id: number;
  title: string;
  startsAt: string | null;
  endsAt: string | null;
}

interface Options<T extends Item> {
  /** The api collection: POST adds, `${path}/:id` replaces (PUT) or deletes, `${path}/order` orders. */
  path: string;
  itemSchema: z.ZodType<T>;
  /** The collection as the api answers a new order. */
  listSchema: z.ZodType<T[]>;
  /** The prefix of the move buttons' ids (`${idPrefix}-${id}-up`), to give the focus back after a move. */
  idPrefix: string;
  locale: string;
  timeZone: string;
  /** What the form keeps beside its fields, set anew when an item is opened for editing (or none). */
  onEdit?: (item: T | null) => void;
}

/**
 * A brand's ordered, scheduled items (banners, picks) and the one form that adds or edits them:
 * moving one saves the whole order at once (the focus stays on the button that moved it), deleting
 * asks first, a saved item takes its place, and the list's status region says what happened.
 */
export function useOrderedItems<T extends Item>(initial: T[], options: Options<T>) {
  const { path, itemSchema, listSchema, idPrefix, locale, timeZone, onEdit } = options;
  const t = useTranslations('HomeScreen');
  const router = useRouter();
  const { error, run, setError } = useAdminAction();
  const [items, setItems] = useState(initial);
  const [editing, setEditing] = useState<T | null>(null);
  const [status, setStatus] = useState('');
  // A new key gives the form its item's default values again.
  const [formKey, setFormKey] = useState(0);

  function edit(item: T | null) {
    setEditing(item);
    onEdit?.(item);
    setError(null);
    setFormKey((k) => k + 1);
  }

  async function save(body: unknown) {
    await run(async () => {
      const saved = await saveAdmin(editing && `${path}/${editing.id}`, path, itemSchema, body);
      setItems((all) => (editing ? all.map((i) => (i.id === saved.id ? saved : i)) : [...all, saved]));
      setStatus(t('saved'));
      edit(null);
      router.refresh();
    });
  }

  async function move(index: number, by: -1 | 1) {
    const item = items[index];
    if (!item || index + by < 0 || index + by >= items.length) return;
    const ids = moved(items, index, by).map((i) => i.id);
    try {
      setItems(await callAdmin(`${path}/order`, listSchema, { method: 'PUT', body: { ids } }));
      setStatus(t('orderSaved'));
      document.getElementById(`${idPrefix}-${item.id}-${by < 0 ? 'up' : 'down'}`)?.focus();
    } catch (e) {
      setError(errorCodeOf(e));
    }
  }

  async function remove(item: T) {
    if (!window.confirm(t('confirmDelete', { name: item.title }))) return;
    try {
      await callAdmin(`${path}/${item.id}`, AdminDeleted, { method: 'DELETE' });
      setItems((all) => all.filter((i) => i.id !== item.id));
      if (editing?.id === item.id) edit(null);
    } catch (e) {
      setError(errorCodeOf(e));
    }
  }

  /** When the item shows, in the brand's zone. */
  function windowOf(item: T): string {
    const from = formatInstant(item.startsAt, locale, timeZone);
    const to = formatInstant(item.endsAt, locale, timeZone);
    if (from && to) return t('window', { from, to });
    if (from) return t('from', { from });
    if (to) return t('until', { to });
    return t('always');
  }

  return { items, editing, edit, formKey, status, error, setError, save, move, remove, windowOf, idPrefix };
}

type OrderedItemsState<T extends Item> = ReturnType<typeof useOrderedItems<T>>;

interface ListProps<T extends Item> {
  list: OrderedItemsState<T>;
  /** Said when there is nothing yet. */
  empty: string;
  itemClassName?: string;
  /** An item's own content, before its buttons. */
  children: (item: T) => ReactNode;
}

/** The list's status region, then each item's content with its move, edit and delete buttons. */
export function OrderedItems<T extends Item>({ list, empty, itemClassName, children }: ListProps<T>) {
  const t = useTranslations('HomeScreen');
  const { items, idPrefix } = list;
  return (
    <>
      <p className="visually-hidden" role="status">
        {list.status}
      </p>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((item, index) => (
            <li key={item.id} className={itemClassName}>
              {children(item)}
              <div className={ui.actions}>
                <MoveButtons
                  index={index}
                  count={items.length}
                  name={item.title}
                  idPrefix={`${idPrefix}-${item.id}`}
                  onMove={(by) => void list.move(index, by)}
                />
                <button type="button" className={ui.secondary} onClick={() => list.edit(item)}>
                  {t('edit')}
                </button>
                <button type="button" className={ui.danger} onClick={() => void list.remove(item)}>
                  {t('delete')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** The end of the item form: the failure, Save, and Cancel while an item is being edited. */
export function OrderedItemFormFooter<T extends Item>({ list }: { list: OrderedItemsState<T> }) {
  const t = useTranslations('HomeScreen');
  return (
    <FormFooter
      error={list.error}
      label={t('save')}
      actions={
        list.editing ? (
          <button type="button" className={ui.secondary} onClick={() => list.edit(null)}>
            {t('cancel')}
          </button>
        ) : null
      }
    />
  );
}
