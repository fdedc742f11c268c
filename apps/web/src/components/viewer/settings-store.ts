import { useSyncExternalStore } from 'react';
import {
  DEFAULT_SETTINGS,
  LEGACY_SETTINGS_STORAGE_KEY,
  parseLegacySettings,
  parseSettings,
  SETTINGS_COOKIE,
  serializeSettings,
  settingsCookie,
  settingsCookieValue,
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
  document.cookie = settingsCookie(settings, window.location.protocol === 'https:');
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
    const kept = settingsCookieValue(document.cookie);
    current = kept === null ? movedFromLocalStorage() : parseSettings(kept);
  }
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
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
