import type { FreeContentSort, HistoryKind, HomeTab, NavItem, ScheduleKey } from '@balcony/contracts';

// Every path the web links to, in one place (spec §2 routes).

/** The home tabs of /home/{slug}, in the order of the tab bar. */
export const HOME_TAB_SLUGS = ['weekly', 'free', 'ranking', 'bl', 'mature', 'romance', 'action', 'pick'] as const;
export type HomeTabSlug = (typeof HOME_TAB_SLUGS)[number];
/** The tabs that list the series of an api home tab; the pick tab lists editors' collections. */
export type SeriesTabSlug = Exclude<HomeTabSlug, 'pick'>;

/** The api tab behind each slug; the weekly tab asks for a weekday (or TEN) instead. */
export const HOME_TAB_OF_SLUG: Readonly<Record<Exclude<SeriesTabSlug, 'weekly'>, HomeTab>> = {
  free: 'FREE',
  ranking: 'RANKING',
  bl: 'BL',
  mature: 'MATURE',
  romance: 'ROMANCE',
  action: 'ACTION',
};

export function isSeriesTabSlug(value: string): value is SeriesTabSlug {
  return value !== 'pick' && (HOME_TAB_SLUGS as readonly string[]).includes(value);
}

/** The library tabs of /library/{tab} (spec §2), in the order of the tab bar. */
export const LIBRARY_TABS = ['my', 'favorite', 'recent'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** `path` with its non-empty parameters, and `page` from the second page on. */
function withQuery(path: string, query: Readonly<Record<string, string>>, page: number): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const routes = {
  home: '/',
  homeTab: (slug: HomeTabSlug) => `/home/${slug}`,
  weeklyDay: (day: ScheduleKey) => `/home/weekly?day=${day}`,
  freeSorted: (sort: FreeContentSort) => `/home/free?sort=${sort}`,
  /** An editor's pick: one collection of series (`/home/pick` lists them all). */
  pick: (pickId: number) => `/home/pick/${pickId}`,
  detail: (seriesId: number) => `/detail/${seriesId}`,
  /** The series page scrolled to one episode, highlighted (the viewer's binge-read confirmation). */
  detailEpisode: (seriesId: number, episodeId: number) => `/detail/${seriesId}?episode=${episodeId}`,
  /**
   * The series page at one episode with its rent-or-buy dialog open: where a reader who lacked
   * coins comes back to after charging (decision 0151).
   */
  detailEpisodePurchase: (seriesId: number, episodeId: number) => `/detail/${seriesId}?episode=${episodeId}&purchase=1`,
  viewer: (episodeId: number) => `/viewer/${episodeId}`,
  /** Spec §2: the login callback that returns a reader to the episode they were opening. */
  viewerLoginSuccess: (episodeId: number) => `/callback/viewer-login-success?episodeId=${episodeId}`,
  /** Results for `query`, the address a result page is shared by; without a query, the search screen. */
  search: (query = '', page = 1) => withQuery('/search', { q: query }, page),
  library: (tab: LibraryTab, page = 1) => withQuery(`/library/${tab}`, {}, page),
  /** Spec §2: the login route takes the encoded return path in `callback`. */
  login: (returnPath: string) => `/user/login?callback=${encodeURIComponent(returnPath)}`,
  shop: '/shop',
  /** The shop, then back to `returnPath` after paying (e.g. the episode that needed coins). */
  shopReturning: (returnPath: string) => `/shop?return=${encodeURIComponent(returnPath)}`,
  /** The sandbox provider's checkout page of an order. */
  shopCheckout: (orderId: number) => `/shop/checkout/${orderId}`,
  /** Where every payment ends: the order's outcome. */
  shopComplete: (orderId: number) => `/shop/complete/${orderId}`,
  /** The coin histories (spec §2 /history/charge|use|mileage). */
  history: (kind: HistoryKind, page = 1) => withQuery(`/history/${kind}`, {}, page),
  /** The transparent ledger: every lot of the member's coins, where it came from and went (issue 12). */
  myCoins: '/my/coins',
  /** The ledger as a CSV file, through the front proxy (the session cookie authenticates it). */
  myCoinsCsv: '/api/front/coin/lots.csv',
  /** The points exchange screen (spec §2 "points exchange"), under the points history (decision 0167). */
  mileageExchange: '/history/mileage/exchange',
  /** Comments (spec §2 /comment, decision 0190): an episode's, or a whole series'. */
  comments: (target: { episode: number } | { series: number }, sort: 'NEWEST' | 'BEST' = 'NEWEST', page = 1) =>
    withQuery(
      '/comment',
      {
        ...('episode' in target ? { episode: String(target.episode) } : { series: String(target.series) }),
        sort: sort === 'NEWEST' ? '' : sort,
      },
      page,
    ),
  /** The member's own comments (spec §2 /comment/my). */
  myComments: (page = 1) => withQuery('/comment/my', {}, page),
  // Account screens (spec §2 Account; /my/profile and /my/withdrawal are ours, under My page).
  changePassword: '/user/changePassword',
  resetPassword: '/mail/resetPassword',
  pushSettings: '/setting/push',
  address: '/setting/address',
  profile: '/my/profile',
  withdrawal: '/my/withdrawal',
  // Login, sign-up and My page (spec §2); sign-up takes the return path in `callback` like login.
  signup: (returnPath?: string) =>
    returnPath && returnPath !== '/' ? `/user/signup?callback=${encodeURIComponent(returnPath)}` : '/user/signup',
  my: '/my',
  // Support (spec §2): notices, the FAQ and its search, contact, and the policies by version.
  notices: (page = 1) => withQuery('/notice', {}, page),
  notice: (noticeId: number) => `/notice/detail/${noticeId}`,
  faq: (query = '') => withQuery('/faq', { q: query }, 1),
  qna: '/qna',
  /** The member's notifications (issue 13 item 6, decision 0210). */
  notifications: (page = 1) => withQuery('/notification', {}, page),
  /** The terms of use in force, or one version of them. */
  policy: (version?: number) => (version === undefined ? '/policy' : `/policy?version=${version}`),
  privacy: (version?: number) => (version === undefined ? '/privacy' : `/privacy?version=${version}`),
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
