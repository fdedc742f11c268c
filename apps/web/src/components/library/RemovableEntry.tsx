'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { frontFetch } from '@/components/session/front-fetch';
import { needsLogin } from '@/lib/errors/error-codes';
import { entryTitleId, LIBRARY_HEADING_ID, removeCall } from '@/lib/library/remove';
import type { LibraryTab } from '@/lib/navigation/routes';
import styles from './Library.module.css';

/** The remove button takes its row with it: the next row's button takes the focus, else the heading. */
function moveFocusFrom(row: HTMLElement | null): void {
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const target = neighbour?.querySelector<HTMLElement>('[data-remove]') ?? document.getElementById(LIBRARY_HEADING_ID);
  target?.focus();
}

/**
 * A library entry with its remove button. Removal is immediate and final (no undo): the row goes,
 * a toast confirms, and the page is rendered again so the count, the paging and the next entries
 * follow.
 */
export function RemovableEntry({
  tab,
  seriesId,
  title,
  children,
}: {
  tab: LibraryTab;
  seriesId: number;
  title: string;
  children: ReactNode;
}) {
  const t = useTranslations('Library');
  const toast = useToast();
  const router = useRouter();
  const row = useRef<HTMLLIElement>(null);
  const [state, setState] = useState<'shown' | 'removing' | 'removed'>('shown');

  async function remove() {
    if (state !== 'shown') return;
    setState('removing');
    try {
      const { path, answer } = removeCall(tab, seriesId);
      await frontFetch(path, answer, { method: 'DELETE' });
    } catch (error) {
      // The session ended: this page's server render sends the member to sign-in and back.
      if (needsLogin(frontErrorCode(error))) {
        window.location.reload();
        return;
      }
      setState('shown');
      toast.show(t('removeFailed', { title }));
      return;
    }
    moveFocusFrom(row.current);
    setState('removed');
    toast.show(t(`removed.${tab}`, { title }));
    router.refresh();
  }

  if (state === 'removed') return null;
  return (
    <li ref={row} className={styles.entry} data-testid="library-entry" data-series-id={seriesId}>
      {children}
      <button
        type="button"
        className={styles.remove}
        onClick={() => void remove()}
        // Not `disabled`: a disabled button drops the keyboard focus mid-removal.
        aria-disabled={state === 'removing'}
        aria-describedby={entryTitleId(seriesId)}
        data-remove=""
        data-testid="library-remove"
      >
        {t('remove')}
      </button>
    </li>
  );
}
