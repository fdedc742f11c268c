'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { NOTIFICATIONS_CHANGED_EVENT } from '@/lib/notifications/notifications';
import styles from './Notifications.module.css';

/** Marks read and tells the header's bell the new count; answers whether the call went through. */
async function markRead(body: { ids: number[] } | { all: true }): Promise<boolean> {
  try {
    const { markNotificationsRead } = await import('./notification-calls');
    const unread = await markNotificationsRead(body);
    window.dispatchEvent(new CustomEvent(NOTIFICATIONS_CHANGED_EVENT, { detail: unread }));
    return true;
  } catch {
    return false;
  }
}

/**
 * A notification's link: an unread one is marked read before the page it names opens (a failed
 * mark still opens it: the reader asked to go there). A click that opens a new tab marks it too.
 */
export function NotificationLink({
  id,
  href,
  unread,
  children,
}: {
  id: number;
  href: string;
  unread: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!unread) return;
    const newTab = event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;
    if (newTab) {
      void markRead({ ids: [id] });
      return;
    }
    event.preventDefault();
    await markRead({ ids: [id] });
    router.push(href);
  }
  return (
    <Link
      href={href}
      prefetch={false}
      onClick={(event) => void onClick(event)}
      className={unread ? `${styles.item} ${styles.unread}` : styles.item}
      data-testid="notification"
      data-unread={unread}
    >
      {children}
    </Link>
  );
}

/** Marks every notification read, then shows the list again from the server. */
export function MarkAllReadButton() {
  const t = useTranslations('Notifications');
  const toast = useToast();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function onClick() {
    if (pending) return;
    setPending(true);
    const done = await markRead({ all: true });
    toast.show(done ? t('allRead') : t('markFailed'));
    setPending(false);
    router.refresh();
  }
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => void onClick()}
      data-testid="notifications-mark-all"
    >
      {t('markAll')}
    </button>
  );
}
