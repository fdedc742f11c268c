import type { ViewerMode } from '@balcony/contracts';

// The reader's viewer settings (spec §2 viewer: scroll or one-page/two-page mode, a choice among
// three fonts), remembered on the device in a cookie the server never reads (decision 0301). The
// same values become data-* attributes on the viewer's root, where the stylesheet reads them; an
// inline script puts them there before the first paint, so a reader in paper mode or with large
// text never sees the defaults flash. It reads `document.cookie`, which the consent script has
// already read: a first localStorage read took 9–17 ms on a phone and made the parser stop
// mid-page, so a half-parsed bar was painted and the page's scripts ran before its image showed.

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

/** The cookie: `mode.layout.font.size`, e.g. `PAPER.DOUBLE.serif.3`. */
export const SETTINGS_COOKIE = 'viewer-settings';

/** Where the settings were kept before decision 0301 (JSON): moved into the cookie once. */
export const LEGACY_SETTINGS_STORAGE_KEY = 'balcony:viewer-settings';

/** A year: the settings outlive a session, like the localStorage value they replace. */
export const SETTINGS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Every value each setting may take, in the cookie's order: what a stored value is checked against. */
const ALLOWED: { readonly [K in keyof ViewerSettings]: readonly ViewerSettings[K][] } = {
  mode: ['SCROLL', 'PAPER'],
  layout: ['SINGLE', 'DOUBLE'],
  font: ['sans', 'serif', 'rounded', 'looped'],
  size: FONT_SIZE_STEPS.map((_, step) => step),
};

const KEYS = Object.keys(ALLOWED) as (keyof ViewerSettings)[];

function pick<K extends keyof ViewerSettings>(value: unknown, key: K): ViewerSettings[K] {
  const allowed = ALLOWED[key] as readonly unknown[];
  const match = allowed.find((candidate) => String(candidate) === String(value));
  return match === undefined ? DEFAULT_SETTINGS[key] : (match as ViewerSettings[K]);
}

function fromValues(values: (key: keyof ViewerSettings, index: number) => unknown): ViewerSettings {
  return {
    mode: pick(values('mode', 0), 'mode'),
    layout: pick(values('layout', 1), 'layout'),
    font: pick(values('font', 2), 'font'),
    size: pick(values('size', 3), 'size'),
  };
}

/** The cookie's value, each unknown or missing part replaced by its default. */
export function parseSettings(raw: string | null): ViewerSettings {
  if (raw === null) return DEFAULT_SETTINGS;
  const parts = raw.split('.');
  return fromValues((_, index) => parts[index]);
}

/** The settings as kept before decision 0301 (JSON in localStorage). */
export function parseLegacySettings(raw: string | null): ViewerSettings {
  let stored: unknown = null;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    // A damaged value counts as none.
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const record = stored as Record<string, unknown>;
  return fromValues((key) => record[key]);
}

export function serializeSettings(settings: ViewerSettings): string {
  return KEYS.map((key) => String(settings[key])).join('.');
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
 * The inline script that copies the kept settings onto the element it sits in, before that
 * element is painted. It checks each part of the cookie against the same ALLOWED lists as
 * parseSettings and ignores any failure: the defaults rendered by the server stay.
 */
export function settingsBootScript(): string {
  const allowed = KEYS.map((key) => [key, (ALLOWED[key] as readonly unknown[]).map(String)]);
  return `try{var m=document.cookie.match(/(?:^|;\\s*)${SETTINGS_COOKIE}=([^;]*)/);if(m){var v=m[1].split("."),a=${JSON.stringify(
    allowed,
  )},e=document.currentScript.parentElement;for(var i=0;i<a.length;i++)if(a[i][1].indexOf(v[i])>=0)e.setAttribute("data-"+a[i][0],v[i])}}catch(_){}`;
}
