import type { ReactNode } from 'react';
import styles from './Account.module.css';

/** The frame of an account screen: its title and content, within the 720 px column. */
export function AccountScreen({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </div>
  );
}
