'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './Viewer.module.css';

export interface LazyPage {
  index: number;
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

interface LazyPagesProps {
  pages: readonly LazyPage[];
  sizes: string;
  /** How far below (and above) the viewport a page starts loading (spec §9: 200 px). */
  marginPx: number;
}

/**
 * An image episode's pages, stacked. Each page reserves its height from its size, and gets its
 * source only when it comes within `marginPx` of the viewport, so a long episode loads as the
 * reader scrolls; the first page is requested at once, before any other image.
 */
export function LazyPages({ pages, sizes, marginPx }: LazyPagesProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near: number[] = [];
        for (const entry of entries) {
          if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
          observer.unobserve(entry.target);
          near.push(Number(entry.target.dataset.page));
        }
        if (near.length > 0) setShown((previous) => new Set([...previous, ...near]));
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    for (const image of list.querySelectorAll('img[data-page]:not([src])')) observer.observe(image);
    return () => observer.disconnect();
  }, [marginPx]);

  return (
    <ol ref={listRef} className={styles.pages}>
      {pages.map((page, position) => {
        const visible = shown.has(position);
        return (
          <li key={page.index}>
            {/* biome-ignore lint/performance/noImgElement: the api makes the renditions; loading is driven here */}
            <img
              data-page={position}
              src={visible ? page.src : undefined}
              srcSet={visible ? page.srcSet : undefined}
              sizes={sizes}
              width={page.width}
              height={page.height}
              alt={page.alt}
              fetchPriority={position === 0 ? 'high' : undefined}
              decoding="async"
              style={{ aspectRatio: `${page.width} / ${page.height}` }}
            />
          </li>
        );
      })}
    </ol>
  );
}
