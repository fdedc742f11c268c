import { IMAGE_WIDTHS } from '@balcony/contracts/constants';

// Image fields are paths of the api's media route; the api makes a rendition per width of spec §9
// and picks AVIF/WebP/JPEG from Accept, so the web only chooses widths (no next/image optimizer).

export interface ImageSlot {
  /** Intrinsic size of the slot; its ratio reserves the space before the image arrives. */
  width: number;
  height: number;
  /** Smallest rendition worth offering: full-width slots start at the device widths of spec §9. */
  minWidth: number;
  /** Largest rendition worth requesting for how big the slot is shown (at up to 3× density). */
  maxWidth: number;
  sizes: string;
}

export const IMAGE_SLOTS = {
  // Spec §3: the main slot has ratio 0.6 (width / height).
  // Small slots start at the small widths (decision 0177): a phone gets a 256 or 384 px rendition.
  thumbnail: { width: 600, height: 1000, minWidth: 128, maxWidth: 640, sizes: '(max-width: 600px) 33vw, 180px' },
  // Spec §3: the square slot.
  cover: { width: 1080, height: 1080, minWidth: 128, maxWidth: 1200, sizes: '(max-width: 600px) 40vw, 240px' },
  episode: { width: 400, height: 400, minWidth: 128, maxWidth: 256, sizes: '72px' },
  banner: { width: 1200, height: 500, minWidth: 640, maxWidth: 1920, sizes: '(max-width: 720px) 100vw, 720px' },
  // Viewer pages keep their own size; only the widths and sizes come from here.
  page: { width: 800, height: 1200, minWidth: 640, maxWidth: 2048, sizes: '(max-width: 720px) 100vw, 720px' },
} as const satisfies Record<string, ImageSlot>;

export type ImageSlotName = keyof typeof IMAGE_SLOTS;

const RELATIVE_BASE = 'http://relative.invalid';

/**
 * Element Timing on the screen's first image (the LCP element): a kept page's scripts start once
 * it is painted (apps/web/paint-first.mjs, which names the same identifier; decision 0302).
 */
export const HERO_TIMING: Readonly<Record<string, string>> = { elementtiming: 'hero' };

/** The rendition of `path` at `width`; keeps any query the api put on the path (signed page URLs). */
export function mediaUrl(path: string, width: number): string {
  const url = new URL(path, RELATIVE_BASE);
  url.searchParams.set('w', String(width));
  return url.origin === RELATIVE_BASE ? `${url.pathname}${url.search}` : url.href;
}

/** The rendition widths from `minWidth` up to the first one that covers `maxWidth`. */
export function renditionWidths(minWidth: number, maxWidth: number): number[] {
  const cover = IMAGE_WIDTHS.findIndex((w) => w >= maxWidth);
  return IMAGE_WIDTHS.slice(0, cover === -1 ? IMAGE_WIDTHS.length : cover + 1).filter((w) => w >= minWidth);
}

/** The `src` for browsers that ignore `srcset`: a phone-sized rendition, never above 640. */
const FALLBACK_WIDTH = 640;

export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string;
}

export function imageSources(path: string, slot: ImageSlotName): ImageSources {
  const { minWidth, maxWidth, sizes } = IMAGE_SLOTS[slot];
  const widths = renditionWidths(minWidth, maxWidth);
  const fallback = widths.filter((w) => w <= FALLBACK_WIDTH).at(-1) ?? maxWidth;
  return {
    src: mediaUrl(path, fallback),
    srcSet: widths.map((w) => `${mediaUrl(path, w)} ${w}w`).join(', '),
    sizes,
  };
}
