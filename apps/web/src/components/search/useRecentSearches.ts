'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { parseRecentSearches, recentSearchKey, withoutRecentSearch, withRecentSearch } from '@/lib/search/recent';

// The device's recent searches (localStorage), shared by every component and tab that shows them:
// a change here notifies this tab's readers, the storage event the other tabs'.

const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
/** The last list read per key, so an unchanged store answers the same array (useSyncExternalStore needs it). */
const lastRead = new Map<string, { raw: string | null; list: readonly string[] }>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage blocked (privacy settings): no recent searches on this device.
    return null;
  }
}

function read(key: string): readonly string[] {
  const raw = readRaw(key);
  const last = lastRead.get(key);
  if (last && last.raw === raw) return last.list;
  const list = parseRecentSearches(raw);
  lastRead.set(key, { raw, list });
  return list;
}

function write(key: string, list: readonly string[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the search itself still works.
  }
  for (const listener of listeners) listener();
}

export interface RecentSearches {
  /** Newest first; empty on the server and until the device's list is read. */
  list: readonly string[];
  add(query: string): void;
  remove(query: string): void;
  clear(): void;
}

export function useRecentSearches(brandId: string): RecentSearches {
  const key = recentSearchKey(brandId);
  const subscribe = useCallback(
    (listener: () => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === key) listener();
      };
      listeners.add(listener);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    [key],
  );
  const list = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => NONE,
  );
  const add = useCallback((query: string) => write(key, withRecentSearch(read(key), query)), [key]);
  const remove = useCallback((query: string) => write(key, withoutRecentSearch(read(key), query)), [key]);
  const clear = useCallback(() => write(key, []), [key]);
  return { list, add, remove, clear };
}
