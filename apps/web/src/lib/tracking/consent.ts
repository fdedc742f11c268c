import {
  CONSENT_COOKIE,
  type ConsentCategory,
  type ConsentChoice,
  formatConsent,
  grantedCategories,
  parseConsent,
} from '../../../page-policy.mjs';

// The reader's consent in the browser (decision 0263): the same cookie and rule the proxy and the
// visitor page cache read (page-policy.mjs). A change is announced in the tab, so the event layer
// and every consent control show the new choice at once; the next page request then writes or
// expires the page cookies to match.

export { asksConsent } from '../../../page-policy.mjs';
export type { ConsentChoice };

/** Announced in the tab when the choice changes (detail: the choice). */
export const CONSENT_CHANGED_EVENT = 'balcony:consent-changed';
/** Asks the consent banner to open (the footer link). */
export const CONSENT_OPEN_EVENT = 'balcony:consent-open';

/** A cookie's value in a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The reader's choice, or null before one. */
export function readConsent(cookies: string): ConsentChoice | null {
  return parseConsent(cookieValue(cookies, CONSENT_COOKIE.name));
}

/** The categories granted now in this browser. */
export function grantedNow(asks: boolean, cookies: string): ReadonlySet<ConsentCategory> {
  return grantedCategories(asks, cookieValue(cookies, CONSENT_COOKIE.name));
}

/** The Set-Cookie-style text that remembers a choice (a necessary cookie, site-wide). */
export function consentCookieText(choice: ConsentChoice, secure: boolean): string {
  return [
    `${CONSENT_COOKIE.name}=${formatConsent(choice)}`,
    'Path=/',
    `Max-Age=${CONSENT_COOKIE.maxAge}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Remembers the choice and tells the tab. */
export function saveConsent(choice: ConsentChoice): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie is written where the choice is made
  document.cookie = consentCookieText(choice, window.location.protocol === 'https:');
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_CHANGED_EVENT, { detail: choice }));
}

/** Set on `<html>` before the first paint when the browser holds a consent cookie (decision 0295). */
export const CONSENT_CHOSEN_ATTRIBUTE = 'data-consent-chosen';

/**
 * The inline script run before the first paint: it marks the page when a consent cookie is there,
 * whatever its value, and the server-rendered banner is then hidden by CSS. The event layer reads
 * the cookie properly once the page runs and shows the banner again if the value is not a choice.
 */
export function consentBootScript(): string {
  const cookie = JSON.stringify(`(?:^|;\\s*)${CONSENT_COOKIE.name}=`);
  return `if(new RegExp(${cookie}).test(document.cookie))document.documentElement.setAttribute(${JSON.stringify(CONSENT_CHOSEN_ATTRIBUTE)},'')`;
}

/** Opens the consent banner (from the footer link). */
export function openConsent(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
