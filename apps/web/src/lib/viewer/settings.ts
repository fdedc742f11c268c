import type { ViewerMode } from '@balcony/contracts';

// The reader's viewer settings (spec §2 viewer: scroll or one-page/two-page mode, a choice among
// three fonts), remembered on the device. The same values become data-* attributes on the
// viewer's root, where the stylesheet reads them; an inline script puts them there before the
// first paint, so a reader in paper mode or with large text never sees the defaults flash.

export type PageLayout = 'SINGLE' | 'DOUBLE';
/** Typeface styles; each script offers three of them (lib/viewer/fonts.ts). */
export type FontStyle = 'sans' | 'serif' | 'rounded' | 'looped';

export interface ViewerSettings {
  mode: ViewerMode;
  /** One page or two-page spreads in paper mode (two pages only on a desktop-wide screen). */
  layout: PageLayout;
  /** Typeface of text episodes. */
  font: FontStyle;
  /** Step of FONT_SIZE_STEPS for text episodes. */
  size: number;
}

/** Text sizes of text episodes, in CSS pixels (viewer stylesheet: `[data-size]`). */
export const FONT_SIZE_STEPS = [15, 17, 19, 22, 25] as const;

export const DEFAULT_SETTINGS: ViewerSettings = { mode: 'SCROLL', layout: 'SINGLE', font: 'sans', size: 1 };

export const SETTINGS_STORAGE_KEY = 'balcony:viewer-settings';

/** Every value each setting may take: what the stored JSON is checked against. */
const ALLOWED: { readonly [K in keyof ViewerSettings]: readonly ViewerSettings[K][] } = {
  mode: ['SCROLL', 'PAPER'],
  layout: ['SINGLE', 'DOUBLE'],
  font: ['sans', 'serif', 'rounded', 'looped'],
  size: FONT_SIZE_STEPS.map((_, step) => step),
};

function pick<K extends keyof ViewerSettings>(stored: Record<string, unknown>, key: K): ViewerSettings[K] {
  const value = stored[key];
  return (ALLOWED[key] as readonly unknown[]).includes(value) ? (value as ViewerSettings[K]) : DEFAULT_SETTINGS[key];
}

/** The stored settings, each unknown or missing value replaced by its default. */
export function parseSettings(raw: string | null): ViewerSettings {
  let stored: unknown = null;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    // A damaged value counts as none.
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const record = stored as Record<string, unknown>;
  return {
    mode: pick(record, 'mode'),
    layout: pick(record, 'layout'),
    font: pick(record, 'font'),
    size: pick(record, 'size'),
  };
}

export function serializeSettings(settings: ViewerSettings): string {
  return JSON.stringify(settings);
}

/** CSS custom properties with each text size (`--viewer-size-0`, …), which `[data-size]` picks from. */
export function textSizeVariables(): Record<`--viewer-size-${number}`, string> {
  return Object.fromEntries(FONT_SIZE_STEPS.map((px, step) => [`--viewer-size-${step}`, `${px}px`]));
}

/** The data-* attributes of the viewer's root for these settings. */
export function settingsAttributes(settings: ViewerSettings): Record<`data-${keyof ViewerSettings}`, string> {
  return {
    'data-mode': settings.mode,
    'data-layout': settings.layout,
    'data-font': settings.font,
    'data-size': String(settings.size),
  };
}

/**
 * The inline script that copies the stored settings onto the element it sits in, before that
 * element is painted. It checks values against the same ALLOWED lists as parseSettings and
 * ignores any failure (storage blocked, damaged JSON): the defaults rendered by the server stay.
 */
export function settingsBootScript(): string {
  return `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_STORAGE_KEY)})||"{}"),a=${JSON.stringify(
    ALLOWED,
  )},e=document.currentScript.parentElement;for(var k in a)if(s&&a[k].indexOf(s[k])>=0)e.setAttribute("data-"+k,String(s[k]))}catch(_){}`;
}
