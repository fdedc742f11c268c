import type { FastifyInstance } from 'fastify';

// The route table of the API, read from the built app, and the classification every /api/v1
// operation must have (issue "Security": cross-member access). A route added without a line
// here fails test/cross-member.test.ts, and so does a line left for a route that is gone.

/** Who a caller must be, and whose data the operation touches. */
export type RouteClass =
  /** Open to visitors; a member's bearer may only add that member's own overlay. */
  | 'PUBLIC'
  /** Acts on the caller's own account only: who it is comes from the bearer, nothing else. */
  | 'MEMBER_SELF'
  /** Takes an id, token, e-mail or phone (path, query or body) that can name another member's thing. */
  | 'MEMBER_RESOURCE'
  /**
   * Console admins only (issue 15): a reader's bearer is no admin session (NOT_LOGIN_USER); which
   * role reaches which route is proven by test/admin-roles.test.ts from the routes' own config.
   */
  | 'ADMIN';

/** How the route reads the bearer: `guard.requireUser`, `guard.optionalUser`, or not at all. */
export type Guard = 'bearer' | 'optional' | 'none';

export interface RouteEntry {
  class: RouteClass;
  guard: Guard;
  /** For MEMBER_RESOURCE: what in the request names a member's thing. */
  names?: string;
}

const PUBLIC_OPTIONAL: RouteEntry = { class: 'PUBLIC', guard: 'optional' };
const PUBLIC: RouteEntry = { class: 'PUBLIC', guard: 'none' };
const SELF: RouteEntry = { class: 'MEMBER_SELF', guard: 'bearer' };

/** Every operation under /api/v1, as `METHOD /api/v1/path` with Fastify's `:param` syntax. */
export const ROUTE_TABLE = {
  // catalog: visitors and members; a bearer adds the member's own favourite, reading and access.
  'GET /api/v1/contents/home/:tab': PUBLIC_OPTIONAL,
  'GET /api/v1/contents/:id': PUBLIC_OPTIONAL,
  'GET /api/v1/contents/picks': PUBLIC_OPTIONAL,
  'GET /api/v1/contents/picks/:id': PUBLIC_OPTIONAL,
  'GET /api/v1/contents/sitemap': PUBLIC_OPTIONAL,
  'GET /api/v1/search': PUBLIC_OPTIONAL,
  'GET /api/v1/banners': PUBLIC_OPTIONAL,
  'GET /api/v1/contents/home-tabs': PUBLIC_OPTIONAL,
  'GET /api/v1/auth/ip-kr': PUBLIC,
  'GET /api/v1/auth/social/providers': PUBLIC,
  'POST /api/v1/auth/social/:provider/start': PUBLIC,
  'POST /api/v1/auth/social/:provider/callback': PUBLIC,
  'POST /api/v1/auth/social/signup': PUBLIC,
  // the iOS guest of beltoon-jp (decision 0272): its key, and its move to a web account
  'POST /api/v1/auth/sign-in/jp/apple/guest': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: "an iOS guest's app key",
  },
  'POST /api/v1/auth/sign-in/jp/apple/migrate': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: "an iOS guest's app key and a web account's e-mail and password",
  },

  // viewer: free episodes for everyone, owned ones for their owner; progress is the member's.
  'GET /api/v1/episodes/:id/viewer': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: 'an episode id: its ownership rows and reading position belong to members',
  },
  'PUT /api/v1/episodes/:id/progress': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: 'an episode id: the reading position of a member',
  },

  // library and favourites
  'PUT /api/v1/favorites/:seriesId': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a series id: a member favourite',
  },
  'DELETE /api/v1/favorites/:seriesId': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a series id: a member favourite',
  },
  'GET /api/v1/library/my': SELF,
  'GET /api/v1/library/favorite': SELF,
  'GET /api/v1/library/recent': SELF,
  'DELETE /api/v1/library/my/:seriesId': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a series id: an entry of the owned library',
  },
  'DELETE /api/v1/library/recent/:seriesId': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a series id: reading positions in the series',
  },

  // e-mail accounts and sessions
  'POST /api/v1/auth/local/signup': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'an e-mail address' },
  'POST /api/v1/auth/local/signup/verify': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: 'a userId and sign-up attempt',
  },
  'POST /api/v1/user/mail/auth': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'a userId' },
  'POST /api/v1/auth/local/login': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'an e-mail address' },
  'POST /api/v1/auth/refresh': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: 'a refresh token and an access token',
  },
  'PUT /api/v1/auth/logout': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'a refresh token' },
  'POST /api/v1/auth/local/change/password': SELF,
  'POST /api/v1/auth/local/reset/mail': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'an e-mail address' },
  'POST /api/v1/auth/local/reset/password': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: 'a userId and reset uuid',
  },
  'POST /api/v1/auth/local/reset/sms': { class: 'MEMBER_RESOURCE', guard: 'none', names: 'a phone number' },
  'POST /api/v1/auth/local/reset/sms/verify': {
    class: 'MEMBER_RESOURCE',
    guard: 'none',
    names: 'a phone number and texted code',
  },

  // the signed-in account
  'POST /api/v1/user': SELF,
  'PUT /api/v1/user': { class: 'MEMBER_RESOURCE', guard: 'bearer', names: 'a refresh token in the body' },
  'PUT /api/v1/user/adult/toggle/:value': SELF,
  'PUT /api/v1/user/BL/toggle/:value': SELF,
  'PUT /api/v1/app/push': SELF,
  // the member's delivery address (decision 0280)
  'GET /api/v1/user/address': SELF,
  'PUT /api/v1/user/address': SELF,
  'DELETE /api/v1/user/address': SELF,
  'POST /api/v1/user/auth/adult/kr': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a refresh token in the body, and the carrier result of one member's identity attempt",
  },
  // the Korean carrier identity check (decision 0270): the member's own attempts; the sandbox's signer is open
  'GET /api/v1/nice/encode': SELF,
  'POST /api/v1/nice/sandbox/result': PUBLIC,
  'POST /api/v1/user/withdrawal': SELF,
  'GET /api/v1/coin': SELF,
  'GET /api/v1/coin/user': SELF,
  'GET /api/v1/coin/user/used': SELF,
  'GET /api/v1/coin/history/:kind': SELF,
  // the transparent ledger: the caller's own lots, as JSON and as a CSV file
  'GET /api/v1/coin/lots': SELF,
  'GET /api/v1/coin/lots.csv': SELF,
  // points exchange: the member's own points, under the member's own idempotency key
  'GET /api/v1/coin/mileage/exchange': SELF,
  'POST /api/v1/coin/mileage/exchange': SELF,

  // the shop: products for everyone; orders are the member's own
  'GET /api/v1/shop/products': PUBLIC_OPTIONAL,
  'POST /api/v1/shop/orders': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an idempotency key: another member's key must not answer their order",
  },
  'GET /api/v1/shop/orders/:orderId': { class: 'MEMBER_RESOURCE', guard: 'bearer', names: 'an order id' },
  // tracking (decisions 0261, 0262): a log line names nothing; a purchase conversion names an order.
  'POST /api/v1/logger': PUBLIC_OPTIONAL,
  'POST /api/v1/third-party/facebook/conversion': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: 'an order id (a purchase’s figures)',
  },
  'POST /api/v1/shop/orders/:orderId/sandbox': { class: 'MEMBER_RESOURCE', guard: 'bearer', names: 'an order id' },
  'POST /api/v1/shop/orders/:orderId/refund': { class: 'MEMBER_RESOURCE', guard: 'bearer', names: 'an order id' },

  // purchases: paid from the caller's own wallet, never from another member's
  'POST /api/v1/episodes/:id/purchase': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an episode id and an idempotency key: another member's ownership or purchase",
  },
  'GET /api/v1/contents/:id/purchase-all': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a series id: which episodes a member still lacks',
  },
  'POST /api/v1/contents/:id/purchase-all': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a series id and an idempotency key: another member's ownerships or purchase",
  },

  // wait-until-free ticket (issue 12): the caller's own ticket and ownership only
  'POST /api/v1/episodes/:id/freetime': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an episode id and an idempotency key: another member's ticket use and ownership",
  },
  'GET /api/v1/freetime/tickets': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "series ids: when a member's ticket of each is back",
  },
  'GET /api/v1/episodes/:id/offer': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: "an episode id: a member's access to it (rental or unlock end, ticket time)",
  },

  // the gift box: the member's own gifts; a gift id can name another member's gift
  'GET /api/v1/gift': SELF,
  'GET /api/v1/gift/count': SELF,
  'POST /api/v1/gift/:giftId/receive': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a gift id: another member's gift, or one waiting for an address",
  },
  'POST /api/v1/gift/receive-all': SELF,
  // account transfer (issue 16): the caller's own transfer and file; the period and the key are public.
  'GET /api/v1/transfer': PUBLIC_OPTIONAL,
  'POST /api/v1/transfer': SELF,
  'GET /api/v1/transfer/file': SELF,
  'GET /api/v1/transfer/public-key': PUBLIC,
  'GET /api/v1/admin/transfer': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the brand' },
  'PUT /api/v1/admin/transfer/period': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the brand' },
  // maintenance (issue 16): the brand's state is public; the switches are the console's.
  'GET /api/v1/maintenance': PUBLIC,
  'GET /api/v1/admin/maintenance': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the brand' },
  'PUT /api/v1/admin/maintenance': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the brand' },
  'POST /api/v1/admin/gifts': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'userIds and addresses in the body: whose box gets a gift',
  },

  // events (decisions 0240–0249): the same for every reader of a brand; a member's stamps,
  // tickets, spins and reaction are their own, and an event id names none of another member's
  'GET /api/v1/events': PUBLIC_OPTIONAL,
  'GET /api/v1/events/themes/:themeId': PUBLIC_OPTIONAL,
  'GET /api/v1/events/:eventId': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: "an event id: the caller's stamps, tickets, spins and reaction in it, never another member's",
  },
  'POST /api/v1/events/:eventId/attendance': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an event id: the caller's own stamp of the day",
  },
  'POST /api/v1/events/:eventId/roulette/spin': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an event id and a request key: the caller's own tickets, never another member's",
  },
  'POST /api/v1/events/:eventId/emoticon': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an event id: the caller's own reaction",
  },
  'GET /api/v1/roulette/tickets': SELF,
  'GET /api/v1/admin/events': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the events' },
  'POST /api/v1/admin/events': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new event' },
  'PUT /api/v1/admin/events/:eventId': { class: 'ADMIN', guard: 'bearer', names: 'an event id of the brand' },
  'GET /api/v1/admin/events/:eventId/audit': {
    class: 'ADMIN',
    guard: 'bearer',
    names: "an event id: its spins, with their members' ids",
  },
  'GET /api/v1/admin/event-themes': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the themes' },
  'POST /api/v1/admin/event-themes': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new theme' },
  'POST /api/v1/admin/roulette-tickets': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a userId in the body: who gets the tickets',
  },

  // the console's own: its login is open (rate-limited per address and per e-mail), the rest admins only
  'POST /api/v1/admin/auth/login': { class: 'PUBLIC', guard: 'none' },
  'GET /api/v1/admin/auth/me': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the admin' },
  'POST /api/v1/admin/auth/logout': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the session' },
  'GET /api/v1/admin/accounts': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the admins' },
  'POST /api/v1/admin/accounts': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new admin' },
  'PUT /api/v1/admin/accounts/:id/status': { class: 'ADMIN', guard: 'bearer', names: 'an admin id' },
  'GET /api/v1/admin/qna/:id/attachments/:position': {
    class: 'ADMIN',
    guard: 'bearer',
    names: "a contact request id: a member's image",
  },

  // admin: a member id of the admin's brand
  'POST /api/v1/admin/coins/adjust': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a userId in the body: the member whose coins change',
  },
  'GET /api/v1/admin/audit': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a userId in the query: audit rows about a member',
  },

  // business (issue 15 items 5 and 7): the brand's figures, products, members' ledgers and refunds; FINANCE
  'GET /api/v1/admin/reports/sales': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/series': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/readers': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/freetime': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/coupons': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/sales.csv': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/series.csv': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/readers.csv': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/freetime.csv': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/reports/coupons.csv': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: sums' },
  'GET /api/v1/admin/shop/products': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the products' },
  'POST /api/v1/admin/shop/products': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a product' },
  'PUT /api/v1/admin/shop/products/order': { class: 'ADMIN', guard: 'bearer', names: 'product ids of the brand' },
  'PUT /api/v1/admin/shop/products/:productId': { class: 'ADMIN', guard: 'bearer', names: 'a product id of the brand' },
  'PUT /api/v1/admin/shop/products/:productId/active': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a product id of the brand',
  },
  'GET /api/v1/admin/members': { class: 'ADMIN', guard: 'bearer', names: 'an id or e-mail: members of the brand' },
  'GET /api/v1/admin/members/:memberId/ledger': { class: 'ADMIN', guard: 'bearer', names: 'a member id of the brand' },
  'GET /api/v1/admin/members/:memberId/orders': { class: 'ADMIN', guard: 'bearer', names: 'a member id of the brand' },
  'POST /api/v1/admin/orders/:orderId/refund': { class: 'ADMIN', guard: 'bearer', names: 'an order id of the brand' },

  // coupons: registered into the caller's own account; the admin's are the brand's
  'POST /api/v1/coupons': SELF,
  'GET /api/v1/coupons': SELF,
  'POST /api/v1/admin/coupons': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new coupon' },
  'GET /api/v1/admin/coupons': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the coupons' },
  'POST /api/v1/admin/coupons/:couponId/codes': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a coupon id of the brand',
  },
  'POST /api/v1/admin/coupons/:couponId/codes.csv': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a coupon id of the brand',
  },

  // notices, FAQ and policies: the same for every reader of a brand, no bearer read; admins publish
  'GET /api/v1/notices': PUBLIC,
  'GET /api/v1/notices/:id': PUBLIC,
  'GET /api/v1/faq': PUBLIC,
  'GET /api/v1/policies/:kind': PUBLIC,
  'GET /api/v1/admin/notices': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the notices' },
  'POST /api/v1/admin/notices': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new notice' },
  'PUT /api/v1/admin/notices/:id': { class: 'ADMIN', guard: 'bearer', names: 'a notice id of the brand' },
  'DELETE /api/v1/admin/notices/:id': { class: 'ADMIN', guard: 'bearer', names: 'a notice id of the brand' },
  'GET /api/v1/admin/faq': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the FAQ' },
  'POST /api/v1/admin/faq/categories': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a category' },
  'PUT /api/v1/admin/faq/categories/:id': { class: 'ADMIN', guard: 'bearer', names: 'a FAQ category id of the brand' },
  'DELETE /api/v1/admin/faq/categories/:id': {
    class: 'ADMIN',
    guard: 'bearer',
    names: 'a FAQ category id of the brand',
  },
  'POST /api/v1/admin/faq/entries': { class: 'ADMIN', guard: 'bearer', names: 'a FAQ category id of the brand' },
  'PUT /api/v1/admin/faq/entries/:id': { class: 'ADMIN', guard: 'bearer', names: 'a FAQ entry id of the brand' },
  'DELETE /api/v1/admin/faq/entries/:id': { class: 'ADMIN', guard: 'bearer', names: 'a FAQ entry id of the brand' },
  'POST /api/v1/admin/policies': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a policy version' },
  'PUT /api/v1/admin/company': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the brand’s company' },

  // comments (decisions 0190–0194): read by anyone; a comment id names another member's comment
  'GET /api/v1/episodes/:id/comments': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: "an episode id: its comments, without those of the caller's blocked members",
  },
  'GET /api/v1/contents/:id/comments': {
    class: 'MEMBER_RESOURCE',
    guard: 'optional',
    names: "a series id: its comments, without those of the caller's blocked members",
  },
  'POST /api/v1/episodes/:id/comments': SELF,
  'GET /api/v1/comments/my': SELF,
  'PUT /api/v1/comments/:id/like': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a comment id: another member's comment",
  },
  'DELETE /api/v1/comments/:id/like': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a comment id: another member's comment",
  },
  'POST /api/v1/comments/:id/report': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a comment id: another member's comment",
  },
  'DELETE /api/v1/comments/:id': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a comment id: only its author may delete it',
  },
  'POST /api/v1/comments/:id/block': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: 'a comment id: its author, whom the caller blocks',
  },
  'GET /api/v1/comments/blocks': SELF,
  'DELETE /api/v1/comments/blocks/:id': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a block id: another member's block",
  },
  'GET /api/v1/admin/comments': {
    class: 'ADMIN',
    guard: 'bearer',
    names: "nothing of a member: the brand's reported comments",
  },
  'PUT /api/v1/admin/comments/:id/blind': { class: 'ADMIN', guard: 'bearer', names: 'a comment id of the brand' },
  'PUT /api/v1/admin/comments/:id/restore': { class: 'ADMIN', guard: 'bearer', names: 'a comment id of the brand' },

  // contact requests: the member's own; an id can name another member's request or its image
  'GET /api/v1/qna': SELF,
  'POST /api/v1/qna': SELF,
  'GET /api/v1/qna/:id': { class: 'MEMBER_RESOURCE', guard: 'bearer', names: "a request id: another member's request" },
  'GET /api/v1/qna/:id/attachments/:position': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a request id: another member's image",
  },
  'GET /api/v1/admin/qna': { class: 'ADMIN', guard: 'bearer', names: "nothing of a member: the brand's requests" },
  'POST /api/v1/admin/qna/:id/answer': {
    class: 'ADMIN',
    guard: 'bearer',
    names: "a request id: a member's request to answer",
  },

  // notifications: the member's own; ids and a push endpoint can name another member's
  'GET /api/v1/notifications': SELF,
  'GET /api/v1/notifications/count': SELF,
  'PUT /api/v1/notifications/read': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "notification ids in the body: another member's notifications",
  },
  'GET /api/v1/notifications/push/key': SELF,
  'POST /api/v1/notifications/push': SELF,
  'DELETE /api/v1/notifications/push': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "an endpoint in the body: another member's browser subscription",
  },
  'POST /api/v1/notifications/app-push': SELF,
  'DELETE /api/v1/notifications/app-push': {
    class: 'MEMBER_RESOURCE',
    guard: 'bearer',
    names: "a token in the body: another member's app",
  },

  // content and home (issue 15 items 3 and 4): the catalog, never a member's data
  'POST /api/v1/admin/images': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: an image' },
  'GET /api/v1/admin/series': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the series' },
  'POST /api/v1/admin/series': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a new series' },
  'GET /api/v1/admin/series/:seriesId': { class: 'ADMIN', guard: 'bearer', names: 'a series id' },
  'PUT /api/v1/admin/series/:seriesId': { class: 'ADMIN', guard: 'bearer', names: 'a series id' },
  'POST /api/v1/admin/series/:seriesId/episodes': { class: 'ADMIN', guard: 'bearer', names: 'a series id' },
  'GET /api/v1/admin/episodes/:episodeId': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'PUT /api/v1/admin/episodes/:episodeId': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'GET /api/v1/admin/episodes/:episodeId/preview': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'PUT /api/v1/admin/episodes/:episodeId/text': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'POST /api/v1/admin/episodes/:episodeId/pages': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'PUT /api/v1/admin/episodes/:episodeId/pages/order': { class: 'ADMIN', guard: 'bearer', names: 'an episode id' },
  'PUT /api/v1/admin/episodes/:episodeId/pages/:pageId': { class: 'ADMIN', guard: 'bearer', names: 'a page id' },
  'DELETE /api/v1/admin/episodes/:episodeId/pages/:pageId': { class: 'ADMIN', guard: 'bearer', names: 'a page id' },
  'GET /api/v1/admin/banners': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the banners' },
  'POST /api/v1/admin/banners': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: a banner' },
  'PUT /api/v1/admin/banners/order': { class: 'ADMIN', guard: 'bearer', names: 'banner ids of the brand' },
  'PUT /api/v1/admin/banners/:bannerId': { class: 'ADMIN', guard: 'bearer', names: 'a banner id of the brand' },
  'DELETE /api/v1/admin/banners/:bannerId': { class: 'ADMIN', guard: 'bearer', names: 'a banner id of the brand' },
  'GET /api/v1/admin/picks': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the picks' },
  'POST /api/v1/admin/picks': { class: 'ADMIN', guard: 'bearer', names: 'series ids of the brand' },
  'PUT /api/v1/admin/picks/order': { class: 'ADMIN', guard: 'bearer', names: 'pick ids of the brand' },
  'PUT /api/v1/admin/picks/:pickId': { class: 'ADMIN', guard: 'bearer', names: 'a pick id of the brand' },
  'DELETE /api/v1/admin/picks/:pickId': { class: 'ADMIN', guard: 'bearer', names: 'a pick id of the brand' },
  'GET /api/v1/admin/home/tabs': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the tab bar' },
  'PUT /api/v1/admin/home/tabs': { class: 'ADMIN', guard: 'bearer', names: 'nothing of a member: the tab bar' },
} as const satisfies Record<string, RouteEntry>;

export type Operation = keyof typeof ROUTE_TABLE;
export type MemberOperation = {
  [K in Operation]: (typeof ROUTE_TABLE)[K]['class'] extends 'PUBLIC' ? never : K;
}[Operation];

/** Routes outside /api/v1, which carry no member data (reviewed with the table). */
export const OUTSIDE_V1 = [
  'GET /_/health',
  // Readiness: the replica's phase only (decision 0214). GET /metrics, present only with
  // METRICS_TOKEN, holds counts by route and no member data (decision 0216).
  'GET /_/ready',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/yaml',
  // Page images: paid pages need a signature from the viewer (test/reading.test.ts).
  'GET /media/*',
] as const;

const TREE_LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/;

/**
 * Every operation the app answers, from the router's radix tree (`printRoutes`, hidden routes
 * included): `METHOD path`. HEAD twins of GET routes and the CORS `OPTIONS *` are left out.
 * The default, prefix-split tree is read: `commonPrefix: false` drops `/media/*` and prints
 * `/api/docs/static/*` as `/api/docs/*` (Fastify 5.x).
 */
export function appOperations(app: FastifyInstance): Set<string> {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`cannot read the route tree line ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const text = match[2] === '(empty root node)' ? '' : (match[2] ?? '');
    const path = (stack[depth - 1] ?? '') + text;
    stack.push(path);
    const methods = (match[3] ?? '').split(',').map((m) => m.trim());
    for (const method of methods) {
      if (method === '' || method === 'OPTIONS') continue;
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.add(`${method} ${path}`);
    }
  }
  return found;
}

/** The operations of the OpenAPI document, in the same form (`{id}` becomes `:id`). */
export function documentedOperations(app: FastifyInstance): Set<string> {
  const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const found = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item)) {
      found.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  }
  return found;
}
