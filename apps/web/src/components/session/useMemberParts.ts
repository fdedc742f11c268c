'use client';

import { useEffect, useState } from 'react';
import { isLoggedIn, useSession } from './SessionProvider';

// The member's own parts of a page kept as their class's shell (decision 0293): the kept HTML is
// the same for every member of the class, so what is the member's own is asked for from the
// browser once the session is known.

export interface MemberParts<T> {
  /** The session is a member's. */
  member: boolean;
  /** The member's parts are still on their way: the page shows them as pending. */
  pending: boolean;
  /** The member's parts; null on a page rendered for its reader, and when the call failed. */
  parts: T | null;
}

/**
 * On a shell, loads the member's parts of the page for `key` with `load` (a module-level
 * function, so the call is made once per key).
 */
export function useMemberParts<K, T>(shell: boolean, key: K, load: (key: K) => Promise<T>): MemberParts<T> {
  const session = useSession();
  const member = isLoggedIn(session);
  const [got, setGot] = useState<{ key: K; parts: T | null } | null>(null);

  useEffect(() => {
    if (!shell || !member) return;
    let live = true;
    load(key).then(
      (parts) => live && setGot({ key, parts }),
      // Without them the page stays the visitors' view; the api answers for each action.
      () => live && setGot({ key, parts: null }),
    );
    return () => {
      live = false;
    };
  }, [shell, member, key, load]);

  const arrived = got !== null && Object.is(got.key, key) ? got : null;
  return {
    member,
    pending: shell && (session.status === 'loading' || (member && arrived === null)),
    parts: arrived?.parts ?? null,
  };
}
