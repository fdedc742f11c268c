import type { ReactNode } from 'react';
import styles from './HomeSection.module.css';

/** A titled block of a home screen, with an optional link beside its heading. */
export function HomeSection({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id}>{title}</h2>
        {link}
      </div>
      {children}
    </section>
  );
}
