export declare function newNonce(): string;
export declare function newCsrfSecret(): string;
export declare function contentSecurityPolicy(nonce: string, development: boolean): string;
export declare const COOKIE_NAMES: Readonly<{
  session: 'balcony_session';
  adultPopup: 'adult_popup';
  notLoggedInAdult: 'not_logged_in_adult';
}>;
interface PageCookie<N extends string> {
  readonly name: N;
  readonly maxAge: number;
  readonly httpOnly: true;
}
export declare const PAGE_COOKIES: Readonly<{
  csrf: PageCookie<'balcony_csrf'>;
  porch: PageCookie<'porch'>;
  fingerprint: PageCookie<'fp'>;
  previousPage: PageCookie<'prev_page'>;
  currentPage: PageCookie<'current_page'>;
}>;
export declare function pageCookieWrites(
  read: (name: string) => string | undefined,
  pathname: string,
  porch: string | null,
  granted?: ReadonlySet<ConsentCategory>,
): [keyof typeof PAGE_COOKIES, string | null][];
export declare function appPlatformOf(userAgent: string | null | undefined): 'AND_PLAY' | 'AND_PLUS' | 'IOS_APP' | null;
export declare function isInternetExplorer(userAgent: string | null | undefined): boolean;

export type ConsentCategory = 'necessary' | 'measurement' | 'marketing';
export interface ConsentChoice {
  measurement: boolean;
  marketing: boolean;
}
export declare const CONSENT_CATEGORIES: readonly ['measurement', 'marketing'];
export declare const PAGE_COOKIE_CATEGORY: Readonly<{
  csrf: 'necessary';
  porch: 'marketing';
  fingerprint: 'measurement';
  previousPage: 'measurement';
  currentPage: 'measurement';
}>;
export declare const CONSENT_COOKIE: Readonly<{ name: 'consent'; maxAge: number; httpOnly: false }>;
export declare const CONSENT_HEADER: 'x-balcony-consent';
export declare const CONSENT_BRANDS: readonly string[];
export declare function asksConsent(brandId: string): boolean;
export declare function formatConsent(choice: ConsentChoice): string;
export declare function parseConsent(value: string | undefined | null): ConsentChoice | null;
export declare function grantedCategories(
  asks: boolean,
  consentValue: string | undefined | null,
): ReadonlySet<ConsentCategory>;
