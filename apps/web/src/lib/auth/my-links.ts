import type { MyPageLink } from '@balcony/contracts';

// The links of the My page (spec §2): where each leads, and which only members see.

export const MY_LINK_HREF: Readonly<Record<MyPageLink, string>> = {
  roulette: '/roulette',
  comment: '/comment/my',
  library: '/library/my',
  history: '/history/charge',
  gift: '/gift',
  coupon: '/coupon',
  cs: '/faq',
  notice: '/notice',
  setting: '/setting/push',
};

/** Spec §6 login required: comments, library, history, coupons and settings. */
export const MEMBER_ONLY_LINKS: ReadonlySet<MyPageLink> = new Set([
  'comment',
  'library',
  'history',
  'coupon',
  'setting',
]);

/** The brand's links a reader may follow: all of them for a member, the public ones for a visitor. */
export function visibleMyLinks(links: readonly MyPageLink[], loggedIn: boolean): MyPageLink[] {
  return links.filter((link) => loggedIn || !MEMBER_ONLY_LINKS.has(link));
}
