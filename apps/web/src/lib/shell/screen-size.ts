import { LAYOUT } from '@balcony/contracts/constants';

/** Spec §3 screen-size state. */
export interface ScreenSize {
  isDesktop: boolean;
  width: number;
  height: number;
}

export interface WindowMetrics {
  innerWidth: number;
  innerHeight: number;
  outerWidth: number;
}

/**
 * Spec §4: the width is the smallest of the inner width, the outer width (in the app only, whose
 * WebView can report an inner width wider than the screen) and the maximum content width; the
 * layout is desktop above 600. A WebView not laid out yet reports an outer width of 0, which is
 * ignored.
 */
export function screenSizeOf(metrics: WindowMetrics, inApp: boolean): ScreenSize {
  const outer = inApp && metrics.outerWidth > 0 ? metrics.outerWidth : Number.POSITIVE_INFINITY;
  const width = Math.min(metrics.innerWidth, outer, LAYOUT.maxContentWidth);
  return { isDesktop: width > LAYOUT.desktopMinWidth, width, height: metrics.innerHeight };
}

/** The first render knows no window: it assumes the desktop layout at full content width. */
export const SERVER_SCREEN_SIZE: ScreenSize = { isDesktop: true, width: LAYOUT.maxContentWidth, height: 0 };
