'use client';

import type { CSSProperties, ReactNode } from 'react';
import { settingsAttributes } from '@/lib/viewer/settings';
import { useViewerSettings } from './settings-store';
import styles from './Viewer.module.css';

/**
 * The viewer's root, carrying the reader's settings as data-* attributes for the stylesheet. The
 * boot script inside it sets them from storage before the first paint; hydration keeps those
 * (React does not patch attributes while hydrating) and the store's first render confirms them.
 */
/** Inline style with custom properties (the typefaces and text sizes). */
type FrameStyle = CSSProperties & Partial<Record<`--${string}`, string>>;

export function ViewerFrame({ style, children }: { style: FrameStyle; children: ReactNode }) {
  const settings = useViewerSettings();
  return (
    <div className={styles.viewer} style={style} {...settingsAttributes(settings)} suppressHydrationWarning>
      {children}
    </div>
  );
}
