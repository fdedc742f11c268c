import { useSyncExternalStore } from 'react';
import {
  DEFAULT_SETTINGS,
  parseSettings,
  SETTINGS_STORAGE_KEY,
  serializeSettings,
  type ViewerSettings,
} from '@/lib/viewer/settings';

// The viewer settings of this device, shared by the settings panel, the viewer's root and the
// reader: read from localStorage once, written back on every change, and followed across tabs.

const listeners = new Set<() => void>();
let current: ViewerSettings | null = null;

function stored(): string | null {
  try {
    return window.localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, policy): the settings live for this page only.
    return null;
  }
}

function getSnapshot(): ViewerSettings {
  current ??= parseSettings(stored());
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SETTINGS_STORAGE_KEY) return;
    current = parseSettings(event.newValue);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function updateViewerSettings(change: Partial<ViewerSettings>): void {
  current = { ...getSnapshot(), ...change };
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, serializeSettings(current));
  } catch {
    // Kept in memory only.
  }
  for (const listener of listeners) listener();
}

/** The settings; the server render and hydration use the defaults (the boot script covers the gap). */
export function useViewerSettings(): ViewerSettings {
  return useSyncExternalStore(subscribe, getSnapshot, () => DEFAULT_SETTINGS);
}
