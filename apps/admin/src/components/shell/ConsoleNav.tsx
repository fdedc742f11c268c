'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'use-intl';
import type { NavItem } from '@/lib/nav';
import styles from './Shell.module.css';

/** The areas the admin may open (already filtered by role on the server), the current one marked. */
export function ConsoleNav({ items }: { items: readonly Pick<NavItem, 'href' | 'key'>[] }) {
  const t = useTranslations('Nav');
  const pathname = usePathname();
  return (
    <nav className={styles.nav} aria-label={t('label')}>
      <ul>
        {items.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={current ? 'page' : undefined}>
                {t(item.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
