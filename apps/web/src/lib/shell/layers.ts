import { LAYOUT } from '@balcony/contracts/constants';

/**
 * Stacking order of the reader shell (spec §9: modal layers use z-index 2000–5000). Page chrome
 * (header, bottom nav, viewer bars) stays at 100 in its stylesheets; the skip link owns 5000.
 * Modals share one z-index: one opened on top of another comes later in the DOM, so it paints above.
 */
export const LAYERS = {
  /** Floating page controls such as scroll-to-top: over the chrome, under every modal. */
  floating: LAYOUT.modalZ.min - 1000,
  modal: LAYOUT.modalZ.min,
  /** Toasts stay readable over any modal (a modal's action may toast), just under the skip link. */
  toast: LAYOUT.modalZ.max - 1,
} as const;

/**
 * Marks a shell layer (the toast region) that stays live while a modal makes the rest of the page
 * inert: an inert live region would not be announced.
 */
export const SHELL_LAYER_ATTRIBUTE = 'data-shell-layer';
export const SHELL_LAYER_PROPS = { [SHELL_LAYER_ATTRIBUTE]: '' } as const;
