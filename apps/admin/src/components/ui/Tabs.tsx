import Link from 'next/link';
import styles from './ui.module.css';

export interface TabItem {
  href: string;
  label: string;
  current: boolean;
}

/** A screen's sections as links (each its own URL, so a section can be bookmarked and reloaded). */
export function Tabs({ items, label }: { items: readonly TabItem[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={item.current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
