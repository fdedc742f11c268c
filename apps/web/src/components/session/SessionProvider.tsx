'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { fetchSession, onSessionBroadcast, type SessionData } from './client';

// Spec §4 session state: loading until the first fetch ends, then authenticated or
// unauthenticated; refetched when another tab broadcasts, when this tab becomes visible, and on an
// optional polling interval. The server render passes the state it already knows, so the first
// paint is right and "loading" lasts only where nothing was known.

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionContextValue {
  status: SessionStatus;
  data: SessionData | null;
  /** Spec §4 "update user data": user and coin fetched again (the server refreshes once if needed). */
  update(): Promise<SessionData | null>;
  /** Forget the session in this tab (after a sign-out). */
  clear(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  initial,
  refetchOnWindowFocus = true,
  refetchIntervalSeconds = 0,
  children,
}: {
  /** What the server render knew: the session, null for a guest, undefined when it did not look. */
  initial?: SessionData | null;
  refetchOnWindowFocus?: boolean;
  refetchIntervalSeconds?: number;
  children: ReactNode;
}) {
  const [data, setData] = useState<SessionData | null>(initial ?? null);
  const [status, setStatus] = useState<SessionStatus>(
    initial === undefined ? 'loading' : initial ? 'authenticated' : 'unauthenticated',
  );
  const latest = useRef(0);

  const update = useCallback(async () => {
    const call = ++latest.current;
    const next = await fetchSession();
    // A slower, older fetch must not overwrite a newer answer.
    if (call === latest.current) {
      setData(next);
      setStatus(next ? 'authenticated' : 'unauthenticated');
    }
    return next;
  }, []);

  const clear = useCallback(() => {
    latest.current++;
    setData(null);
    setStatus('unauthenticated');
  }, []);

  useEffect(() => {
    if (initial === undefined) void update();
  }, [initial, update]);

  useEffect(() => onSessionBroadcast(() => void update()), [update]);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void update();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetchOnWindowFocus, update]);

  useEffect(() => {
    if (refetchIntervalSeconds <= 0) return;
    const timer = setInterval(() => void update(), refetchIntervalSeconds * 1000);
    return () => clearInterval(timer);
  }, [refetchIntervalSeconds, update]);

  const value = useMemo(() => ({ status, data, update, clear }), [status, data, update, clear]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of this tab. Spec §8: using it outside its provider throws. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Spec §4: logged in means user, coin (and, server-side, the access token) all present. */
export function isLoggedIn(session: Pick<SessionContextValue, 'data'>): boolean {
  return Boolean(session.data?.user && session.data.coin);
}
