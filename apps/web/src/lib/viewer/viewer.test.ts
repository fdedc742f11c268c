import type { EpisodeLink, ViewerPage } from '@balcony/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bingeNotice, formatHms } from './binge';
import { FONT_CHOICES, fontVariables, offeredFont, scriptOf } from './fonts';
import {
  buildSpreads,
  readsRightToLeft,
  SWIPE_MIN_PX,
  spreadOf,
  type TurnKey,
  turnForKey,
  turnForSwipe,
  turnForTap,
  turnTo,
} from './paper';
import {
  clampPosition,
  positionAt,
  STORED_POSITIONS_MAX,
  samePlace,
  scrollDeltaFor,
  storedPosition,
  withStoredPosition,
} from './position';
import { createProgressSaver } from './progress';
import {
  DEFAULT_SETTINGS,
  parseLegacySettings,
  parseSettings,
  SETTINGS_COOKIE,
  serializeSettings,
  settingsAttributes,
  settingsBootScript,
} from './settings';
import { imageUrls, REFRESH_AHEAD_MS, refreshDelay } from './signed-pages';

describe('viewer settings', () => {
  it('reads kept settings and replaces each unknown part by its default', () => {
    const kept = { mode: 'PAPER', layout: 'DOUBLE', font: 'serif', size: 4 } as const;
    expect(serializeSettings(kept)).toBe('PAPER.DOUBLE.serif.4');
    expect(parseSettings(serializeSettings(kept))).toEqual(kept);
    expect(parseSettings('PAPER.TRIPLE')).toEqual({ ...DEFAULT_SETTINGS, mode: 'PAPER' });
    expect(parseSettings('SCROLL.SINGLE.sans.9')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{broken')).toEqual(DEFAULT_SETTINGS);
  });

  it('reads the JSON kept in localStorage before the cookie', () => {
    expect(parseLegacySettings(JSON.stringify({ mode: 'PAPER', layout: 'TRIPLE', size: 2 }))).toEqual({
      ...DEFAULT_SETTINGS,
      mode: 'PAPER',
      size: 2,
    });
    expect(parseLegacySettings('{broken')).toEqual(DEFAULT_SETTINGS);
    expect(parseLegacySettings('"PAPER"')).toEqual(DEFAULT_SETTINGS);
  });

  const boot = (cookie: string | (() => string), root: { setAttribute(name: string, value: string): void }) => {
    const document = { currentScript: { parentElement: root } };
    Object.defineProperty(document, 'cookie', { get: typeof cookie === 'string' ? () => cookie : cookie });
    new Function('document', settingsBootScript())(document);
  };

  it('gives the root the attributes the boot script sets before the first paint', () => {
    const settings = { mode: 'PAPER', layout: 'DOUBLE', font: 'rounded', size: 3 } as const;
    const attributes = new Map<string, string>();
    boot(`consent=all; ${SETTINGS_COOKIE}=${serializeSettings(settings)}; other=1`, {
      setAttribute: (name, value) => attributes.set(name, value),
    });
    expect(Object.fromEntries(attributes)).toEqual(settingsAttributes(settings));
  });

  it('lets the boot script skip parts it does not know and survive a blocked cookie jar', () => {
    const attributes = new Map<string, string>();
    const root = { setAttribute: (name: string, value: string) => attributes.set(name, value) };
    boot('viewer-settings=SIDEWAYS.SINGLE.<script>.2', root);
    expect(Object.fromEntries(attributes)).toEqual({ 'data-layout': 'SINGLE', 'data-size': '2' });
    attributes.clear();
    boot('other=1', root);
    expect(attributes.size).toBe(0);
    expect(() =>
      boot(() => {
        throw new Error('SecurityError');
      }, root),
    ).not.toThrow();
  });
});

describe('viewer fonts', () => {
  it('offers three typefaces for the script of each locale', () => {
    expect(scriptOf('fr')).toBe('latin');
    expect(scriptOf('de')).toBe('latin');
    expect(scriptOf('ja')).toBe('japanese');
    expect(scriptOf('th')).toBe('thai');
    expect(scriptOf('zh-TW')).toBe('chinese');
    for (const choices of Object.values(FONT_CHOICES)) {
      expect(choices).toHaveLength(3);
      expect(new Set(choices.map((choice) => choice.style)).size).toBe(3);
    }
  });

  it('falls back to the first typeface when the stored style is not offered for the script', () => {
    expect(offeredFont('latin', 'looped').style).toBe('sans');
    expect(offeredFont('thai', 'looped').family).toMatch(/^"Sarabun"/);
    expect(fontVariables('japanese')).toEqual({
      '--viewer-font-sans': '"Noto Sans JP", var(--font-body)',
      '--viewer-font-serif': '"Noto Serif JP", serif',
      '--viewer-font-rounded': '"Zen Maru Gothic", var(--font-body)',
    });
  });
});

describe('paper mode spreads', () => {
  const tall = { wide: false };
  const wide = { wide: true };

  it('shows one page at a time in one-page mode', () => {
    expect(buildSpreads([tall, tall, tall], false)).toEqual([[0], [1], [2]]);
  });

  it('keeps the cover alone, then pairs pages, the last one alone when left over', () => {
    expect(buildSpreads([tall, tall, tall, tall], true)).toEqual([[0], [1, 2], [3]]);
    expect(buildSpreads([tall, tall, tall], true)).toEqual([[0], [1, 2]]);
    expect(buildSpreads([tall], true)).toEqual([[0]]);
    expect(buildSpreads([], true)).toEqual([]);
  });

  it('gives a wide page a spread of its own', () => {
    expect(buildSpreads([tall, tall, wide, tall, tall], true)).toEqual([[0], [1], [2], [3, 4]]);
    expect(buildSpreads([tall, wide, tall, tall], true)).toEqual([[0], [1], [2, 3]]);
  });

  it('finds the spread of a page, the last one for a page past the end', () => {
    const spreads = buildSpreads([tall, tall, tall, tall], true);
    expect(spreadOf(spreads, 0)).toBe(0);
    expect(spreadOf(spreads, 2)).toBe(1);
    expect(spreadOf(spreads, 9)).toBe(2);
    expect(spreadOf([], 0)).toBe(0);
  });

  it('turns within the spreads and on to the end of the episode', () => {
    expect(turnTo(0, 'next', 3)).toBe(1);
    expect(turnTo(2, 'next', 3)).toBe(3);
    expect(turnTo(3, 'next', 3)).toBe(3);
    expect(turnTo(0, 'previous', 3)).toBe(0);
    expect(turnTo(3, 'previous', 3)).toBe(2);
    expect(turnTo(2, 'first', 3)).toBe(0);
    expect(turnTo(0, 'last', 3)).toBe(2);
  });
});

describe('paper mode input', () => {
  const key = (k: string, extra: Partial<TurnKey> = {}): TurnKey => ({
    key: k,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...extra,
  });

  it('maps the keys, mirroring the arrows when reading right to left', () => {
    expect(turnForKey(key('ArrowRight'), false)).toBe('next');
    expect(turnForKey(key('ArrowLeft'), false)).toBe('previous');
    expect(turnForKey(key('ArrowRight'), true)).toBe('previous');
    expect(turnForKey(key('ArrowLeft'), true)).toBe('next');
    for (const rtl of [false, true]) {
      expect(turnForKey(key('PageDown'), rtl)).toBe('next');
      expect(turnForKey(key('PageUp'), rtl)).toBe('previous');
      expect(turnForKey(key(' '), rtl)).toBe('next');
      expect(turnForKey(key(' ', { shiftKey: true }), rtl)).toBe('previous');
      expect(turnForKey(key('Home'), rtl)).toBe('first');
      expect(turnForKey(key('End'), rtl)).toBe('last');
    }
    expect(turnForKey(key('ArrowRight', { altKey: true }), false)).toBeNull();
    expect(turnForKey(key('ArrowLeft', { metaKey: true }), false)).toBeNull();
    expect(turnForKey(key('a'), false)).toBeNull();
  });

  it('turns on taps in the outer thirds, mirrored right to left', () => {
    expect(turnForTap(10, 300, false)).toBe('previous');
    expect(turnForTap(290, 300, false)).toBe('next');
    expect(turnForTap(150, 300, false)).toBeNull();
    expect(turnForTap(10, 300, true)).toBe('next');
    expect(turnForTap(290, 300, true)).toBe('previous');
    expect(turnForTap(10, 0, false)).toBeNull();
  });

  it('turns on horizontal swipes only', () => {
    expect(turnForSwipe(-SWIPE_MIN_PX, 0, false)).toBe('next');
    expect(turnForSwipe(SWIPE_MIN_PX, 0, false)).toBe('previous');
    expect(turnForSwipe(SWIPE_MIN_PX, 0, true)).toBe('next');
    expect(turnForSwipe(-SWIPE_MIN_PX, 0, true)).toBe('previous');
    expect(turnForSwipe(-(SWIPE_MIN_PX - 1), 0, false)).toBeNull();
    expect(turnForSwipe(-100, 90, false)).toBeNull();
  });

  it('reads right to left on the Japanese brand only', () => {
    expect(readsRightToLeft({ locale: 'ja' })).toBe(true);
    expect(readsRightToLeft({ locale: 'fr' })).toBe(false);
    expect(readsRightToLeft({ locale: 'zh-TW' })).toBe(false);
  });
});

describe('reading position', () => {
  // Three pages of 1000 px, the first starting 48 px below the viewport top (under the bar).
  const boxesAt = (scrolled: number) => [0, 1, 2].map((i) => ({ top: 48 + i * 1000 - scrolled, height: 1000 }));

  it('measures the page at the reading line and how far into it', () => {
    expect(positionAt(boxesAt(0), 48)).toEqual({ page: 0, offset: 0 });
    expect(positionAt(boxesAt(250), 48)).toEqual({ page: 0, offset: 0.25 });
    expect(positionAt(boxesAt(1500), 48)).toEqual({ page: 1, offset: 0.5 });
    expect(positionAt(boxesAt(3500), 48)).toEqual({ page: 2, offset: 1 });
    expect(positionAt([], 48)).toEqual({ page: 0, offset: 0 });
  });

  it('scrolls a position back to the reading line', () => {
    const position = { page: 1, offset: 0.5 };
    expect(scrollDeltaFor(position, boxesAt(0), 48)).toBe(1500);
    expect(positionAt(boxesAt(scrollDeltaFor(position, boxesAt(0), 48)), 48)).toEqual(position);
    expect(scrollDeltaFor({ page: 7, offset: 0 }, boxesAt(0), 48)).toBe(0);
  });

  it('keeps positions inside the episode', () => {
    expect(clampPosition({ page: 1, offset: 0.123456 }, 3)).toEqual({ page: 1, offset: 0.1235 });
    expect(clampPosition({ page: 5, offset: 0.2 }, 3)).toEqual({ page: 2, offset: 1 });
    expect(clampPosition({ page: 1, offset: 0.5 }, 0)).toEqual({ page: 0, offset: 0 });
  });

  it('treats positions a hundredth of a page apart as the same place', () => {
    expect(samePlace({ page: 1, offset: 0.5 }, { page: 1, offset: 0.505 })).toBe(true);
    expect(samePlace({ page: 1, offset: 0.5 }, { page: 1, offset: 0.52 })).toBe(false);
    expect(samePlace({ page: 1, offset: 0.5 }, { page: 2, offset: 0.5 })).toBe(false);
    expect(samePlace(null, { page: 0, offset: 0 })).toBe(false);
  });

  it('keeps visitors’ positions per episode, forgetting the oldest past the limit', () => {
    let raw: string | null = null;
    raw = withStoredPosition(raw, 7, { page: 2, offset: 0.25 }, 1);
    raw = withStoredPosition(raw, 8, { page: 0, offset: 0.5 }, 2);
    raw = withStoredPosition(raw, 7, { page: 3, offset: 0 }, 3);
    expect(storedPosition(raw, 7)).toEqual({ page: 3, offset: 0 });
    expect(storedPosition(raw, 8)).toEqual({ page: 0, offset: 0.5 });
    expect(storedPosition(raw, 9)).toBeNull();

    for (let id = 100; id < 100 + STORED_POSITIONS_MAX; id++)
      raw = withStoredPosition(raw, id, { page: 1, offset: 0 }, id);
    expect(Object.keys(JSON.parse(raw))).toHaveLength(STORED_POSITIONS_MAX);
    expect(storedPosition(raw, 7)).toBeNull();
    expect(storedPosition(raw, 100 + STORED_POSITIONS_MAX - 1)).toEqual({ page: 1, offset: 0 });
  });

  it('ignores damaged stored positions', () => {
    expect(storedPosition('not json', 7)).toBeNull();
    expect(storedPosition(JSON.stringify({ 7: { page: -1, offset: 0, at: 1 } }), 7)).toBeNull();
    expect(storedPosition(JSON.stringify({ 7: { page: 1, offset: 2, at: 1 } }), 7)).toBeNull();
    expect(withStoredPosition('[1,2]', 7, { page: 1, offset: 0 }, 5)).toBe(
      JSON.stringify({ 7: { page: 1, offset: 0, at: 5 } }),
    );
  });
});

describe('saving the reading position', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the last position once the reader pauses', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save, null, 1000);
    saver.record({ page: 0, offset: 0.1 });
    vi.advanceTimersByTime(500);
    saver.record({ page: 0, offset: 0.4 });
    vi.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith({ page: 0, offset: 0.4 }, 'request');
  });

  it('saves at once on leaving, and never the same place twice', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save, { page: 2, offset: 0.5 }, 1000);
    saver.record({ page: 2, offset: 0.501 });
    saver.flush('keepalive');
    expect(save).not.toHaveBeenCalled();
    saver.record({ page: 3, offset: 0 });
    saver.flush('keepalive');
    expect(save).toHaveBeenCalledExactlyOnceWith({ page: 3, offset: 0 }, 'keepalive');
    vi.advanceTimersByTime(2000);
    saver.flush('keepalive');
    expect(save).toHaveBeenCalledOnce();
  });
});

describe('binge-read confirmation', () => {
  const link = (access: EpisodeLink['access'], saleType: EpisodeLink['saleType'] = 'BOTH'): EpisodeLink => ({
    id: 5,
    number: 5,
    title: 'Episode 5',
    rentPrice: 3,
    buyPrice: 5,
    saleType,
    access,
  });
  const state = (s: EpisodeLink['access']['state'], ticketAt: string | null = null) => ({
    state: s,
    expiresAt: null,
    ticketAt,
  });

  it('lets readable episodes open straight away', () => {
    for (const s of ['FREE', 'OWNED', 'RENTED', 'FREETIME_UNLOCKED'] as const)
      expect(bingeNotice(link(state(s)))).toBeNull();
  });

  it('names the prices the episode is sold at', () => {
    expect(bingeNotice(link(state('PAID')))).toEqual({ kind: 'price', rent: 3, buy: 5 });
    expect(bingeNotice(link(state('PAID'), 'RENT_ONLY'))).toEqual({ kind: 'price', rent: 3, buy: null });
    expect(bingeNotice(link(state('PAID'), 'POSSESSION_ONLY'))).toEqual({ kind: 'price', rent: null, buy: 5 });
  });

  it('offers the free-time ticket, or says when it is back', () => {
    expect(bingeNotice(link(state('FREETIME_READY')))).toEqual({ kind: 'freetimeReady' });
    expect(bingeNotice(link(state('FREETIME_WAIT', '2026-05-01T12:00:00Z')))).toEqual({
      kind: 'freetimeWait',
      ticketAt: '2026-05-01T12:00:00Z',
    });
    expect(bingeNotice(link(state('FREETIME_WAIT')))).toEqual({ kind: 'price', rent: 3, buy: 5 });
  });

  it('counts down in hours, minutes and seconds', () => {
    expect(formatHms((12 * 3600 + 3 * 60 + 10) * 1000)).toBe('12:03:10');
    expect(formatHms(71 * 3600 * 1000 + 1)).toBe('71:00:01');
    expect(formatHms(-5)).toBe('00:00:00');
  });
});

describe('signed page URLs', () => {
  it('refreshes a minute before they expire, never for unsigned pages', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(refreshDelay(null, now)).toBeNull();
    expect(refreshDelay('2026-05-01T12:10:00Z', now)).toBe(10 * 60_000 - REFRESH_AHEAD_MS);
    expect(refreshDelay('2026-05-01T12:00:30Z', now)).toBe(0);
    expect(refreshDelay('soon', now)).toBeNull();
  });

  it('reads the fresh image URLs by page index', () => {
    const fresh: ViewerPage[] = [
      { kind: 'IMAGE', index: 1, url: '/media/a?sig=new', width: 800, height: 1200 },
      { kind: 'TEXT', index: 2, text: 'Once upon a time' },
      { kind: 'IMAGE', index: 3, url: '/media/c?sig=new', width: 800, height: 1300 },
    ];
    expect(imageUrls(fresh)).toEqual(
      new Map([
        [1, '/media/a?sig=new'],
        [3, '/media/c?sig=new'],
      ]),
    );
  });
});
