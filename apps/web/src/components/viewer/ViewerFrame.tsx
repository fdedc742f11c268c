'use client';

import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';
import { settingsAttributes } from '@/lib/viewer/settings';
import { useViewerSettings } from './settings-store';
import styles from './Viewer.module.css';

/**
 * The viewer's root, carrying the reader's settings as data-* attributes for the stylesheet. The
 * boot script inside it sets them from their cookie before the first paint; hydration keeps those
 * (React does not patch attributes while hydrating). The attributes are then written from the
 * store after every render: when the settings at hydration equal the server's defaults but the
 * boot script had set others (another tab changed them in between), React would see no change
 * and leave the boot script's values in place.
 */
/** Inline style with custom properties (the typefaces and text sizes). */
type FrameStyle = CSSProperties & Partial<Record<`--${string}`, string>>;

export function ViewerFrame({ style, children }: { style: FrameStyle; children: ReactNode }) {
  const settings = useViewerSettings();
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(settingsAttributes(settings))) root.current?.setAttribute(name, value);
  }, [settings]);
  return (
    <div ref={root} className={styles.viewer} style={style} {...settingsAttributes(settings)} suppressHydrationWarning>
      {children}
    </div>
  );
}
