import type { FreeContentSort, HomeTab, NavItem, ScheduleKey } from '@balcony/contracts';

// Every path the web links to, in one place (spec §2 routes).

/** The home tabs of /home/{slug}, in the order of the tab bar. */
export const HOME_TAB_SLUGS = ['weekly', 'free', 'ranking', 'bl', 'mature', 'romance', 'action'] as const;
export type HomeTabSlug = (typeof HOME_TAB_SLUGS)[number];

/** The api tab behind each slug; the weekly tab asks for a weekday (or TEN) instead. */
export const HOME_TAB_OF_SLUG: Readonly<Record<Exclude<HomeTabSlug, 'weekly'>, HomeTab>> = {
  free: 'FREE',
  ranking: 'RANKING',
  bl: 'BL',
  mature: 'MATURE',
  romance: 'ROMANCE',
  action: 'ACTION',
};

export function isHomeTabSlug(value: string): value is HomeTabSlug {
  return (HOME_TAB_SLUGS as readonly string[]).includes(value);
}

export const routes = {
  home: '/',
  homeTab: (slug: HomeTabSlug) => `/home/${slug}`,
  weeklyDay: (day: ScheduleKey) => `/home/weekly?day=${day}`,
  freeSorted: (sort: FreeContentSort) => `/home/free?sort=${sort}`,
  detail: (seriesId: number) => `/detail/${seriesId}`,
  viewer: (episodeId: number) => `/viewer/${episodeId}`,
  /** Spec §2: the login route takes the encoded return path in `callback`. */
  login: (returnPath: string) => `/user/login?callback=${encodeURIComponent(returnPath)}`,
  shop: '/shop',
  // Account screens (spec §2 Account; /my/profile and /my/withdrawal are ours, under My page).
  changePassword: '/user/changePassword',
  resetPassword: '/mail/resetPassword',
  pushSettings: '/setting/push',
  profile: '/my/profile',
  withdrawal: '/my/withdrawal',
  // Login, sign-up and My page (spec §2); sign-up takes the return path in `callback` like login.
  signup: (returnPath?: string) =>
    returnPath && returnPath !== '/' ? `/user/signup?callback=${encodeURIComponent(returnPath)}` : '/user/signup',
  my: '/my',
  loginSuccess: (callbackUrl: string) => `/callback/login-success?callbackUrl=${encodeURIComponent(callbackUrl)}`,
  loginError: '/callback/login-error',
  logoutSuccess: '/callback/logout-success',
} as const;

export const NAV_HREF: Readonly<Record<NavItem, string>> = {
  home: '/',
  shop: '/shop',
  gift: '/gift',
  search: '/search',
  my: '/my',
  coupon: '/coupon',
  benefit: '/benefit',
  library: '/library/my',
  signup: '/user/signup',
};
