import { COOKIE_MAX_AGE } from '@balcony/contracts';
import { COOKIE_NAMES, PAGE_COOKIES } from '../../../page-policy.mjs';

// Every cookie the web sets (spec §4/§9), with its lifetime in seconds. httpOnly unless page
// scripts must read it; none of them ever holds a token in clear.

interface CookieSpec {
  name: string;
  maxAge: number;
  httpOnly: boolean;
}

const cookie = (name: string, maxAge: number, httpOnly = true): CookieSpec => ({ name, maxAge, httpOnly });

export const COOKIES = {
  /** The sealed token pair; lives as long as the refresh token (set per write). */
  session: cookie(COOKIE_NAMES.session, 30 * 24 * 3600),
  /** Double-submit CSRF secret, written with every page (page-policy.mjs). */
  csrf: PAGE_COOKIES.csrf,
  /** Marks that the proxy renewed the tokens, so open pages know to reload their data. */
  tokenRenewed: cookie('token_renewed', COOKIE_MAX_AGE.tokenRenew, false),
  porch: PAGE_COOKIES.porch,
  /** Set after the member's session was checked against the api; logged-in only. */
  checked: cookie('session_checked', COOKIE_MAX_AGE.check),
  fingerprint: PAGE_COOKIES.fingerprint,
  isSignUp: cookie('is_sign_up', COOKIE_MAX_AGE.signUpFlags, false),
  checkSignUp: cookie('check_sign_up', COOKIE_MAX_AGE.signUpFlags, false),
  loginCallbackFinished: cookie('login_callback_finished', 600, false),
  /** The adult popup was answered; not asked again for a day. */
  adultPopup: cookie(COOKIE_NAMES.adultPopup, COOKIE_MAX_AGE.adultPopup, false),
  /** Japanese brand: a visitor said yes to the adult question (spec §4). */
  notLoggedInAdult: cookie(COOKIE_NAMES.notLoggedInAdult, COOKIE_MAX_AGE.adultPopup, false),
  previousPage: PAGE_COOKIES.previousPage,
  currentPage: PAGE_COOKIES.currentPage,
  /** Sealed OAuth state, PKCE verifier and nonce during a social sign-in. */
  oauth: cookie('balcony_oauth', 600),
  /** Sealed sign-up ticket of a first social login, until the new-user step is done. */
  signupTicket: cookie('balcony_signup_ticket', 600),
} as const satisfies Record<string, CookieSpec>;

export type CookieName = keyof typeof COOKIES;

export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge: number;
}

/** Options for writing a cookie; `secure` follows the scheme the browser used. */
export function cookieOptions(name: CookieName, secure: boolean, maxAge?: number): CookieOptions {
  const spec = COOKIES[name];
  return { httpOnly: spec.httpOnly, sameSite: 'lax', secure, path: '/', maxAge: maxAge ?? spec.maxAge };
}
