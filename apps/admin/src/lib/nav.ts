import { type AdminRole, adminMay } from '@balcony/contracts';

/** One area of the console; `key` names its label in the Nav messages. */
export interface NavItem {
  key:
    | 'dashboard'
    | 'content'
    | 'home'
    | 'events'
    | 'shop'
    | 'rewards'
    | 'support'
    | 'operations'
    | 'audit'
    | 'accounts';
  href: string;
  /** Roles that may open it (OWNER always may); the api checks the same roles on every call. */
  roles: readonly AdminRole[];
}

export const NAV: readonly NavItem[] = [
  { key: 'dashboard', href: '/dashboard', roles: ['FINANCE'] },
  { key: 'content', href: '/content', roles: ['CONTENT'] },
  { key: 'home', href: '/home-screen', roles: ['CONTENT'] },
  { key: 'events', href: '/events', roles: ['CONTENT'] },
  { key: 'shop', href: '/shop', roles: ['FINANCE'] },
  { key: 'rewards', href: '/rewards', roles: ['FINANCE'] },
  { key: 'support', href: '/support', roles: ['SUPPORT'] },
  { key: 'operations', href: '/operations', roles: ['FINANCE'] },
  { key: 'audit', href: '/audit', roles: ['OWNER'] },
  { key: 'accounts', href: '/accounts', roles: ['OWNER'] },
];

/** The areas an admin holding `roles` may open, in menu order. */
export function navFor(roles: readonly AdminRole[]): NavItem[] {
  return NAV.filter((item) => adminMay(roles, item.roles));
}

/** The area a path belongs to (for the current-page mark and the page guard), if any. */
export function navItemOf(pathname: string): NavItem | undefined {
  return NAV.find((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
}
