'use client';

import { useEffect } from 'react';
import { COOKIES } from '@/lib/session/cookies';

/** Expires a cookie page scripts may write (site-wide, as the web set it). */
export function expireCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the flags are plain, script-readable markers
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Spec §2: the login-callback-finished and is-sign-up flags end with the login redirect and its callback. */
export function forgetLoginFlags(): void {
  expireCookie(COOKIES.loginCallbackFinished.name);
  expireCookie(COOKIES.isSignUp.name);
}

/** Runs forgetLoginFlags once the screen is shown. */
export function ForgetLoginFlags() {
  useEffect(forgetLoginFlags, []);
  return null;
}
