export declare function newNonce(): string;
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
  porch: PageCookie<'porch'>;
  fingerprint: PageCookie<'fp'>;
  previousPage: PageCookie<'prev_page'>;
  currentPage: PageCookie<'current_page'>;
}>;
export declare function pageCookieWrites(
  read: (name: string) => string | undefined,
  pathname: string,
  porch: string | null,
): [keyof typeof PAGE_COOKIES, string][];
export declare function appPlatformOf(userAgent: string | null | undefined): 'AND_PLAY' | 'AND_PLUS' | 'IOS_APP' | null;
export declare function isInternetExplorer(userAgent: string | null | undefined): boolean;
