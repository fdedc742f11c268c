'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { isLoggedIn, useSession } from '@/components/session/SessionProvider';
import { routes } from '@/lib/navigation/routes';
import styles from './Purchase.module.css';

/**
 * A member's wish to open one of a screen's dialogs (rent or buy, every remaining episode, the
 * free-time popup): a tap while the session is still loading is kept until it is known; a member
 * gets the dialog, a visitor who tapped logs in first and comes back to `loginReturn`. `autoOpen`
 * opens it once the member is known (back from the shop) and sends no visitor anywhere.
 */
export function useMemberIntent<T>(loginReturn: string, autoOpen: T | null = null) {
  const session = useSession();
  const router = useRouter();
  const [open, setOpen] = useState<T | null>(null);
  const [wanted, setWanted] = useState<{ value: T; tapped: boolean } | null>(
    autoOpen === null ? null : { value: autoOpen, tapped: false },
  );
  const known = session.status !== 'loading';
  const member = isLoggedIn(session);

  useEffect(() => {
    if (!wanted || !known) return;
    setWanted(null);
    if (member) setOpen(wanted.value);
    else if (wanted.tapped) router.push(routes.login(loginReturn));
  }, [wanted, known, member, router, loginReturn]);

  return {
    open,
    close: useCallback(() => setOpen(null), []),
    want: (value: T) => setWanted({ value, tapped: true }),
    /** This wish waits for the session. */
    waiting: (value: T) => wanted?.value === value && !known,
  };
}

/**
 * A locked episode row that opens a dialog. It is a link (`href`, to the same dialog or the row),
 * so a tap before the page's script runs still gets somewhere.
 */
export function TriggerLink({
  href,
  className,
  busy,
  onTap,
  testId,
  children,
}: {
  href: string;
  className: string;
  busy: boolean;
  onTap(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={`${styles.trigger} ${className}`}
      aria-haspopup="dialog"
      aria-busy={busy || undefined}
      onClick={(event) => {
        event.preventDefault();
        onTap();
      }}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
