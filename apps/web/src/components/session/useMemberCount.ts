'use client';

import { useEffect, useState } from 'react';
import { isLoggedIn, type SessionContextValue, useSession } from './SessionProvider';

/**
 * A member's count shown in the header (gifts waiting, unread notifications). It is asked for
 * with `load` once the member's session is known and again whenever the session is fetched again,
 * and set directly by a `changedEvent` CustomEvent whose detail is the new count (the screen that
 * changed it). A visitor's session holds no user: no call, count 0. `load` must be a module-level
 * function, so the effect does not run on every render.
 */
export function useMemberCount(
  load: () => Promise<number>,
  changedEvent: string,
): { session: SessionContextValue; member: boolean; count: number } {
  const session = useSession();
  const data = isLoggedIn(session) ? session.data : null;
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!data) {
      setCount(0);
      return;
    }
    let live = true;
    load()
      .then((n) => {
        if (live) setCount(n);
      })
      // The count is a hint: a failed call leaves the header as it was.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [data, load]);

  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail === 'number') setCount(detail);
    };
    window.addEventListener(changedEvent, onChange);
    return () => window.removeEventListener(changedEvent, onChange);
  }, [changedEvent]);

  return { session, member: data !== null, count };
}
