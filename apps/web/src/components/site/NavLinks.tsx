'use client';

import type { NavItem } from '@balcony/contracts';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { NavIcon } from './NavIcon';
import styles from './SiteChrome.module.css';

export interface NavLinkItem {
  item: NavItem;
  href: string;
  label: string;
}

function isCurrent(href: string, pathname: string): boolean {
  // Home covers the main page and its tabs.
  if (href === '/') return pathname === '/' || pathname.startsWith('/home/');
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The brand's navigation. A client component only because the layout survives client-side
 * navigation, so `aria-current` must follow the path in the browser.
 */
export function NavLinks({
  items,
  label,
  variant,
}: {
  items: NavLinkItem[];
  label: string;
  variant: 'top' | 'bottom';
}) {
  const pathname = usePathname();
  return (
    <nav
      aria-label={label}
      className={variant === 'top' ? styles.topNav : styles.bottomNav}
      data-testid={`nav-${variant}`}
    >
      <ul>
        {items.map(({ item, href, label: text }) => (
          <li key={item}>
            {/* Sections are left rarely and on purpose: prefetching all of them on every page costs more than it saves. */}
            <Link href={href} aria-current={isCurrent(href, pathname) ? 'page' : undefined} prefetch={false}>
              <NavIcon item={item} />
              <span>{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
