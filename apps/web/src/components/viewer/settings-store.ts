import { useSyncExternalStore } from 'react';
import { cookieAssignment, readCookie } from '@/lib/account/client-cookies';
import {
  DEFAULT_SETTINGS,
  LEGACY_SETTINGS_STORAGE_KEY,
  parseLegacySettings,
  parseSettings,
  SETTINGS_COOKIE,
  SETTINGS_COOKIE_MAX_AGE_S,
  serializeSettings,
  type ViewerSettings,
} from '@/lib/viewer/settings';

// The viewer settings of this device, shared by the settings panel, the viewer's root and the
// reader: read from their cookie once, written back on every change, and followed across tabs
// (a BroadcastChannel: cookies raise no event other tabs can hear everywhere).

const listeners = new Set<() => void>();
let current: ViewerSettings | null = null;
let channel: BroadcastChannel | null = null;

function otherTabs(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(SETTINGS_COOKIE);
  return channel;
}

function keep(settings: ViewerSettings): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older browsers; cookieAssignment builds the value
  document.cookie = cookieAssignment(
    SETTINGS_COOKIE,
    serializeSettings(settings),
    SETTINGS_COOKIE_MAX_AGE_S,
    window.location.protocol === 'https:',
  );
}

/** Settings kept in localStorage before decision 0301 move into the cookie, once. */
function movedFromLocalStorage(): ViewerSettings {
  try {
    const legacy = window.localStorage.getItem(LEGACY_SETTINGS_STORAGE_KEY);
    if (legacy === null) return DEFAULT_SETTINGS;
    const settings = parseLegacySettings(legacy);
    keep(settings);
    window.localStorage.removeItem(LEGACY_SETTINGS_STORAGE_KEY);
    return settings;
  } catch {
    // Storage blocked (private mode, policy): there is nothing to move.
    return DEFAULT_SETTINGS;
  }
}

function getSnapshot(): ViewerSettings {
  if (current === null) {
    const kept = readCookie(document.cookie, SETTINGS_COOKIE);
    current = kept === undefined ? movedFromLocalStorage() : parseSettings(kept);
  }
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may have changed them between this page's first read and now (its message
  // came before this channel listened): the cookie has the latest.
  const kept = readCookie(document.cookie, SETTINGS_COOKIE);
  if (kept !== undefined && current !== null && kept !== serializeSettings(current)) {
    current = parseSettings(kept);
    listener();
  }
  const tabs = otherTabs();
  const onMessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string') return;
    current = parseSettings(event.data);
    listener();
  };
  tabs?.addEventListener('message', onMessage);
  return () => {
    listeners.delete(listener);
    tabs?.removeEventListener('message', onMessage);
  };
}

export function updateViewerSettings(change: Partial<ViewerSettings>): void {
  current = { ...getSnapshot(), ...change };
  keep(current);
  otherTabs()?.postMessage(serializeSettings(current));
  for (const listener of listeners) listener();
}

/** The settings; the server render and hydration use the defaults (the boot script covers the gap). */
export function useViewerSettings(): ViewerSettings {
  return useSyncExternalStore(subscribe, getSnapshot, () => DEFAULT_SETTINGS);
}
