import type { CoinBalance, User } from '@balcony/contracts';
import { type AuthLogCode, logDetails } from '@/lib/auth/log-codes';

// Browser-side calls to the web's auth base. No token ever reaches this code: the session cookie is
// httpOnly and sealed; these calls only carry the CSRF token. Calls through the front proxy are in
// front-fetch.ts: they check answers against the contracts' zod schemas, so they stay out of the
// script every page loads (the session provider's).

export interface SessionData {
  user: User;
  coin: CoinBalance;
  expires: string;
}

const CHANNEL = 'balcony-session';

/** How long a sign-out waits for this tab's calls under way. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * This tab's calls that may answer with a renewed session cookie (the front proxy, the session
 * call) and are still on their way. A sign-out waits for them: a renewed cookie landing after the
 * sign-out's cleared one would sign the reader back in.
 */
const underWay = new Set<Promise<unknown>>();

/** `fetch`, counted among the calls a sign-out waits for. */
export function sessionFetch(input: string, init?: RequestInit): Promise<Response> {
  const call = fetch(input, init);
  underWay.add(call);
  const done = () => underWay.delete(call);
  call.then(done, done);
  return call;
}

function callsUnderWaySettled(): Promise<unknown> {
  if (underWay.size === 0) return Promise.resolve();
  return Promise.race([
    Promise.allSettled([...underWay]),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
}

let csrf: Promise<string> | null = null;

export function getCsrfToken(): Promise<string> {
  csrf ??= fetch('/api/auth/csrf', { credentials: 'same-origin' })
    .then((r) => r.json() as Promise<{ csrfToken: string }>)
    .then((b) => b.csrfToken)
    .catch((error: unknown) => {
      csrf = null;
      throw error;
    });
  return csrf;
}

/** Spec §7 GET session; null for a guest, and on a failed fetch (CLIENT_FETCH_ERROR is logged). */
export async function fetchSession(): Promise<SessionData | null> {
  try {
    const response = await sessionFetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' });
    const body = (await response.json()) as Partial<SessionData>;
    return body.user && body.coin && body.expires ? (body as SessionData) : null;
  } catch (error) {
    logAuthEvent('error', 'CLIENT_FETCH_ERROR', String(error));
    return null;
  }
}

async function postAuth(
  path: string,
  fields: Record<string, string>,
): Promise<{ url: string; ok: boolean; status: number }> {
  const form = new URLSearchParams({ ...fields, csrfToken: await getCsrfToken(), json: 'true' });
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    credentials: 'same-origin',
  });
  const { url } = (await response.json()) as { url: string };
  return { url, ok: response.ok, status: response.status };
}

export interface SignInResult {
  /** The error from the returned url (a catalogue code), else null. */
  error: string | null;
  status: number;
  ok: boolean;
  /** Where to go; null on error. */
  url: string | null;
}

/** Spec §8 auth client result: e-mail credentials go through POST callback/credentials. */
export async function signInWithPassword(email: string, password: string, callbackUrl: string): Promise<SignInResult> {
  try {
    const answer = await postAuth('/api/auth/callback/credentials', { email, password, callbackUrl });
    const error = new URL(answer.url, window.location.origin).searchParams.get('error');
    if (!error) broadcastSessionChange();
    return { error, status: answer.status, ok: !error, url: error ? null : answer.url };
  } catch {
    return { error: 'UnknownError', status: 0, ok: false, url: null };
  }
}

/** Spec §4 logout: the web calls the api's logout, clears the session, and other tabs are told. */
/** Dispatched on window when this tab signs out, before the session ends (AppShell tells the app). */
export const SIGNING_OUT_EVENT = 'balcony:signing-out';

export async function signOut(callbackUrl = '/callback/logout-success'): Promise<string> {
  window.dispatchEvent(new Event(SIGNING_OUT_EVENT));
  await forgetThisBrowsersPushes();
  await callsUnderWaySettled();
  try {
    const answer = await postAuth('/api/auth/signout', { callbackUrl });
    return answer.url;
  } catch (error) {
    logAuthEvent('error', 'CLIENT_SESSION_ERROR', String(error));
    return callbackUrl;
  } finally {
    broadcastSessionChange();
  }
}

/**
 * Before the session ends (it still allows the call), this browser stops receiving the member's
 * pushes: the next person at a shared computer must not get them. Logging out goes on whatever
 * happens here.
 */
async function forgetThisBrowsersPushes(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const { unsubscribeThisBrowser } = await import('@/components/notifications/browser-push');
    await unsubscribeThisBrowser();
  } catch {
    // Logging out does not wait on pushes: see unsubscribeThisBrowser.
  }
}

/** Tells the other tabs to refetch their session (sign-in, sign-out, profile changes). */
export function broadcastSessionChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ event: 'session', at: Date.now() });
  channel.close();
}

export function onSessionBroadcast(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}

/** Spec §7 POST _log: a beacon with level, code and details. */
export function logAuthEvent(level: 'error' | 'warn', code: AuthLogCode, details?: string): void {
  const body = JSON.stringify({ level, code, details: logDetails(details) });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon) {
    navigator.sendBeacon('/api/auth/_log', new Blob([body], { type: 'application/json' }));
  }
}
