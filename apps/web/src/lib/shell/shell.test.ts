import { LAYOUT } from '@balcony/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appPlatformOf, isDevtoolsShortcut, isInternetExplorer, type ShortcutKey } from './app-shell';
import { createBackStack, handleBack } from './back-stack';
import { LAYERS } from './layers';
import { screenSizeOf } from './screen-size';
import { throttle } from './throttle';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_WEBVIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('back-stack', () => {
  it('closes the newest modal first, then modals before slides, whatever the opening order', () => {
    const stack = createBackStack();
    const closed: string[] = [];
    stack.register('slide', () => closed.push('slide 1'));
    stack.register('modal', () => closed.push('modal 1'));
    stack.register('slide', () => closed.push('slide 2'));
    stack.register('modal', () => closed.push('modal 2'));
    while (stack.closeTop());
    expect(closed).toEqual(['modal 2', 'modal 1', 'slide 2', 'slide 1']);
    expect(stack.size).toBe(0);
  });

  it('forgets a layer that closed by itself, and unregistering twice is harmless', () => {
    const stack = createBackStack();
    const first = vi.fn();
    const second = vi.fn();
    stack.register('modal', first);
    const unregister = stack.register('modal', second);
    unregister();
    unregister();
    expect(stack.size).toBe(1);
    expect(stack.closeTop()).toBe(true);
    expect(second).not.toHaveBeenCalled();
    expect(first).toHaveBeenCalledOnce();
  });

  it('a close callback that unregisters its own layer does not remove another one', () => {
    const stack = createBackStack();
    const other = vi.fn();
    stack.register('modal', other);
    const unregister = stack.register('modal', () => unregister());
    stack.closeTop();
    expect(stack.size).toBe(1);
    stack.closeTop();
    expect(other).toHaveBeenCalledOnce();
  });

  it('back closes a layer, else goes back a page, goes home from a first page, and exits at the root', () => {
    const stack = createBackStack();
    const close = vi.fn();
    stack.register('slide', close);
    expect(handleBack(stack, { pathname: '/', historyLength: 1 })).toBe('closed-layer');
    expect(close).toHaveBeenCalledOnce();
    expect(handleBack(stack, { pathname: '/detail/3', historyLength: 4 })).toBe('history-back');
    expect(handleBack(stack, { pathname: '/detail/3', historyLength: 1 })).toBe('go-home');
    expect(handleBack(stack, { pathname: '/', historyLength: 4 })).toBe('exit-app');
  });
});

describe('screen size', () => {
  it('is the inner width capped at the content width; desktop above 600', () => {
    expect(screenSizeOf({ innerWidth: 1280, innerHeight: 800, outerWidth: 1300 }, false)).toEqual({
      isDesktop: true,
      width: LAYOUT.maxContentWidth,
      height: 800,
    });
    expect(screenSizeOf({ innerWidth: 601, innerHeight: 700, outerWidth: 601 }, false).isDesktop).toBe(true);
    expect(screenSizeOf({ innerWidth: 600, innerHeight: 700, outerWidth: 600 }, false)).toEqual({
      isDesktop: false,
      width: 600,
      height: 700,
    });
  });

  it('counts the outer width only in the app, and ignores an outer width of 0', () => {
    const metrics = { innerWidth: 980, innerHeight: 700, outerWidth: 390 };
    expect(screenSizeOf(metrics, false).width).toBe(LAYOUT.maxContentWidth);
    expect(screenSizeOf(metrics, true)).toEqual({ isDesktop: false, width: 390, height: 700 });
    expect(screenSizeOf({ ...metrics, outerWidth: 0 }, true).width).toBe(LAYOUT.maxContentWidth);
  });
});

describe('app shell detection', () => {
  it('reads the platform from the app marker of the user agent', () => {
    expect(appPlatformOf(`${CHROME_ANDROID} BalconyApp/AND_PLAY`)).toBe('AND_PLAY');
    expect(appPlatformOf(`${CHROME_ANDROID} BalconyApp/AND_PLUS`)).toBe('AND_PLUS');
    expect(appPlatformOf(`${IPHONE_WEBVIEW} BalconyApp/IOS_APP`)).toBe('IOS_APP');
  });

  it('is a browser without the marker or with an unknown platform', () => {
    expect(appPlatformOf(CHROME_ANDROID)).toBeNull();
    expect(appPlatformOf(`${CHROME_ANDROID} BalconyApp/WEB`)).toBeNull();
    expect(appPlatformOf(`${CHROME_ANDROID} NotBalconyApp/AND_PLAY`)).toBeNull();
    expect(appPlatformOf(null)).toBeNull();
    expect(appPlatformOf('')).toBeNull();
  });

  it('tells the devtools shortcuts from ordinary typing', () => {
    const key = (overrides: Partial<ShortcutKey>): ShortcutKey => ({
      key: 'i',
      code: 'KeyI',
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      ...overrides,
    });
    expect(isDevtoolsShortcut(key({ key: 'F12', code: 'F12' }))).toBe(true);
    // Alt+Cmd+I on a Mac types "ˆ": the physical key tells it.
    expect(isDevtoolsShortcut(key({ key: 'ˆ', altKey: true, metaKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key({ key: 'I', ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsShortcut(key({}))).toBe(false);
    expect(isDevtoolsShortcut(key({ key: 'I', shiftKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key({ key: 'j', code: 'KeyJ', altKey: true, metaKey: true }))).toBe(false);
  });
});

describe('Internet Explorer detection', () => {
  it('finds IE 11 (Trident) and older IE (MSIE), not Edge or other browsers', () => {
    expect(isInternetExplorer('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isInternetExplorer('Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)')).toBe(true);
    expect(isInternetExplorer('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(
      isInternetExplorer(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe(false);
    expect(isInternetExplorer(CHROME_ANDROID)).toBe(false);
    expect(isInternetExplorer(null)).toBe(false);
  });
});

describe('layers', () => {
  it('keeps modals and the toast inside the modal range, floating controls below it', () => {
    expect(LAYERS.modal).toBeGreaterThanOrEqual(LAYOUT.modalZ.min);
    expect(LAYERS.toast).toBeGreaterThan(LAYERS.modal);
    expect(LAYERS.toast).toBeLessThanOrEqual(LAYOUT.modalZ.max);
    expect(LAYERS.floating).toBeLessThan(LAYOUT.modalZ.min);
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, folds calls within the window into one trailing call, and can be cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(50);
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled();
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
