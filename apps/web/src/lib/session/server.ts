import 'server-only';
import {
  type AuthResponse,
  audienceClass,
  type BrandConfig,
  CoinBalance,
  RefreshResponse,
  type TokenPair,
  User,
} from '@balcony/contracts';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { ApiError, apiCall, type RelayedClient } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { getRequestBrand } from '../brand/brand';
import { isShellRender, relayedClientOf } from './client-address';
import { COOKIES, cookieOptions } from './cookies';
import { seal, unseal } from './seal';
import { checkTokens, refreshKeepsSession, StoredSession } from './token-check';

// The backend-for-frontend's hold on a member's tokens: sealed in an httpOnly cookie, used only
// by the web's server (pages, the front proxy, /api/auth/*), never handed to browser code.

/** What the browser may know of a session (spec §3 Session user state, without the tokens). */
export interface SessionView {
  user: User;
  coin: CoinBalance;
}

interface CookieJar {
  set(name: string, value: string, options: ReturnType<typeof cookieOptions>): unknown;
}

export function readSessionCookie(value: string | undefined): Promise<StoredSession | null> {
  return unseal(value, StoredSession);
}

/** The sealed cookie value of a session, living as long as its refresh token. */
export async function sealSessionCookie(session: StoredSession): Promise<{ value: string; maxAge: number }> {
  const maxAge = Math.max(0, Math.floor((session.refreshExpiresAt - Date.now()) / 1000));
  return { value: await seal(session, maxAge), maxAge };
}

export async function writeSessionCookie(jar: CookieJar, session: StoredSession, secure: boolean): Promise<void> {
  const { value, maxAge } = await sealSessionCookie(session);
  jar.set(COOKIES.session.name, value, cookieOptions('session', secure, maxAge));
}

/**
 * A session whose tokens were just renewed: its cookie, and the flag that tells open pages to
 * reload their data (spec §4), whichever path renewed them (page proxy, front proxy, session call).
 */
export async function writeRenewedSessionCookie(
  jar: CookieJar,
  session: StoredSession,
  secure: boolean,
): Promise<void> {
  await writeSessionCookie(jar, session, secure);
  jar.set(COOKIES.tokenRenewed.name, '1', cookieOptions('tokenRenewed', secure));
}

export function clearSessionCookie(jar: CookieJar, secure: boolean): void {
  jar.set(COOKIES.session.name, '', cookieOptions('session', secure, 0));
  jar.set(COOKIES.checked.name, '', cookieOptions('checked', secure, 0));
}

export function fetchUser(brand: BrandConfig, accessToken: string, client?: RelayedClient): Promise<User> {
  return apiCall({ baseUrl: apiBaseUrl(), brand, method: 'POST', path: '/user', accessToken, client, schema: User });
}

export function fetchCoin(brand: BrandConfig, accessToken: string, client?: RelayedClient): Promise<CoinBalance> {
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/coin',
    accessToken,
    client,
    schema: CoinBalance,
  });
}

/** The member's catalogue class on the web, as the api works it out for the same member. */
export function webAudienceOf(brand: BrandConfig, user: User): string {
  return audienceClass({ brand, platform: 'WEB', user });
}

/** A new session from a token pair the api just answered (login, sign-up, social, profile change). */
export async function sessionFromTokens(
  brand: BrandConfig,
  pair: TokenPair | AuthResponse,
  client?: RelayedClient,
): Promise<StoredSession> {
  const user = await fetchUser(brand, pair.accessToken.token, client);
  return {
    audience: webAudienceOf(brand, user),
    brandId: brand.id,
    userId: user.id,
    email: user.email,
    accessToken: pair.accessToken.token,
    accessExpiresAt: Date.parse(pair.accessToken.expiredAt),
    refreshToken: pair.refreshToken.token,
    refreshExpiresAt: Date.parse(pair.refreshToken.expiredAt),
  };
}

export type RefreshOutcome = { kind: 'renewed'; session: StoredSession } | { kind: 'ended' } | { kind: 'unavailable' };

/**
 * Spec §4 refresh: a new pair, unless the api ends the session (expired, unknown or reused refresh
 * token, or another e-mail answered). An unreachable api renews nothing and ends nothing.
 */
export async function refreshSession(
  brand: BrandConfig,
  session: StoredSession,
  client?: RelayedClient,
): Promise<RefreshOutcome> {
  try {
    const answer = await apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'POST',
      path: '/auth/refresh',
      body: { accessToken: session.accessToken, refreshToken: session.refreshToken, clientIp: client?.ip },
      client,
      schema: RefreshResponse,
    });
    if (!refreshKeepsSession(session, answer.email)) return { kind: 'ended' };
    return {
      kind: 'renewed',
      session: {
        ...session,
        accessToken: answer.accessToken.token,
        accessExpiresAt: Date.parse(answer.accessToken.expiredAt),
        refreshToken: answer.refreshToken.token,
        refreshExpiresAt: Date.parse(answer.refreshToken.expiredAt),
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.code !== 'INTERNAL_ERROR') return { kind: 'ended' };
    console.error(JSON.stringify({ level: 'error', msg: 'token refresh failed', cause: String(error) }));
    return { kind: 'unavailable' };
  }
}

/**
 * Spec §4 "update user data": the token check (renew an access token close to expiry), then user
 * and coin in parallel; on NEED_TO_REFRESH one refresh and retry. Answers the view and the session
 * to store when it changed: `renewed` when its tokens were, `classified` when only the member's
 * catalogue class was learnt or corrected (decision 0289: a kept page's session call renews and classifies).
 */
export async function loadSessionView(
  brand: BrandConfig,
  session: StoredSession,
  client?: RelayedClient,
): Promise<{
  view: SessionView | null;
  renewed: StoredSession | null;
  classified: StoredSession | null;
  ended: boolean;
}> {
  const load = (s: StoredSession) =>
    Promise.all([fetchUser(brand, s.accessToken, client), fetchCoin(brand, s.accessToken, client)]);
  const none = { view: null, renewed: null, classified: null };
  let current = session;
  let renewed: StoredSession | null = null;
  const refresh = async () => {
    const outcome = await refreshSession(brand, current, client);
    if (outcome.kind === 'renewed') current = renewed = outcome.session;
    return outcome.kind;
  };
  if (checkTokens(current, Date.now()) !== 'keep' && (await refresh()) === 'ended') return { ...none, ended: true };
  let loaded: [User, CoinBalance] | null = null;
  try {
    loaded = await load(current);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'NEED_TO_REFRESH') {
      const ended = error instanceof ApiError && error.code !== 'INTERNAL_ERROR';
      return { ...none, renewed, ended };
    }
  }
  if (!loaded) {
    const outcome = await refresh();
    if (outcome !== 'renewed') return { ...none, ended: outcome === 'ended' };
    try {
      loaded = await load(current);
    } catch {
      return { ...none, renewed, ended: false };
    }
  }
  const [user, coin] = loaded;
  // The class is checked against the member as the api sees them now (an admin may have changed it).
  const audience = webAudienceOf(brand, user);
  const classified = current.audience === audience ? current : { ...current, audience };
  return {
    view: { user, coin },
    renewed: renewed && classified,
    classified: !renewed && classified !== current ? classified : null,
    ended: false,
  };
}

/** The stored session of the current request, if its cookie is ours and of this brand. */
export const getStoredSession = cache(async (): Promise<StoredSession | null> => {
  const brand = await getRequestBrand();
  const session = await readSessionCookie((await cookies()).get(COOKIES.session.name)?.value);
  return session && session.brandId === brand.id ? session : null;
});

/**
 * The token a page's catalogue calls carry: the member's, except in a member's page kept as the
 * visitors' class shell (decision 0289), whose catalogue is fetched as a visitor's, so that the
 * kept page holds nothing that depends on who asked.
 */
export async function catalogueToken(): Promise<string | undefined> {
  if (await isShellPage()) return undefined;
  return (await getStoredSession())?.accessToken;
}

/** This render is a member's page kept as their class's shell: the browser asks for their own parts. */
export async function isShellPage(): Promise<boolean> {
  return isShellRender(await headers());
}

/**
 * The member seen by a server render, or null for a guest. The proxy has already renewed tokens
 * close to expiry for this request; a render cannot write cookies, so it never refreshes itself
 * (a rotated refresh token that is not stored would end the session).
 */
export const getServerSession = cache(async (): Promise<SessionView | null> => {
  const session = await getStoredSession();
  if (!session) return null;
  const brand = await getRequestBrand();
  const client = relayedClientOf(await headers());
  try {
    const [user, coin] = await Promise.all([
      fetchUser(brand, session.accessToken, client),
      fetchCoin(brand, session.accessToken, client),
    ]);
    return { user, coin };
  } catch {
    return null;
  }
});

/** Spec §2: a page that needs a session sends a visitor to sign-in with SessionRequired and the way back. */
export async function requireSession(returnPath: string): Promise<SessionView> {
  const view = await getServerSession();
  if (view) return view;
  redirect(`/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(returnPath)}`);
}
