'use client';

import {
  createContext,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fetchSession, onSessionBroadcast, type SessionData } from './client';

// Spec §4 session state: loading until the first fetch ends, then authenticated or
// unauthenticated; refetched when another tab broadcasts, when this tab becomes visible, and on an
// optional polling interval. The server render passes the state it already knows, so the first
// paint is right and "loading" lasts only where nothing was known. For a member it passes a
// promise instead, so that the page does not wait for the member's user and coin calls: the state
// is "loading" until the promise's answer streams in.

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
  /**
   * What the server render knew: the session, null for a guest, undefined when it did not look,
   * or the server's pending answer for a member (streamed; "loading" until it arrives).
   */
  initial?: SessionData | null | Promise<SessionData | null>;
  refetchOnWindowFocus?: boolean;
  refetchIntervalSeconds?: number;
  children: ReactNode;
}) {
  const pending = initial instanceof Promise ? initial : null;
  const known = initial instanceof Promise ? undefined : initial;
  const [data, setData] = useState<SessionData | null>(known ?? null);
  const [status, setStatus] = useState<SessionStatus>(
    known === undefined ? 'loading' : known ? 'authenticated' : 'unauthenticated',
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

  const settle = useCallback((next: SessionData | null) => {
    // Only the first answer: a fetch or a sign-out in this tab since then knows better.
    if (latest.current !== 0) return;
    setData(next);
    setStatus(next ? 'authenticated' : 'unauthenticated');
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
  return (
    <SessionContext.Provider value={value}>
      {pending && (
        <Suspense fallback={null}>
          <SettleSession answer={pending} settle={settle} />
        </Suspense>
      )}
      {children}
    </SessionContext.Provider>
  );
}

/** Waits, in its own boundary, for the server's answer about the member, then hands it over. */
function SettleSession({
  answer,
  settle,
}: {
  answer: Promise<SessionData | null>;
  settle(next: SessionData | null): void;
}) {
  const session = use(answer);
  useEffect(() => settle(session), [session, settle]);
  return null;
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
