import type { PlatformId } from '@balcony/contracts';
import { recentSearchKey } from '@/lib/search/recent';
import { positionsStorageKey } from '@/lib/viewer/position';

// What "clear cache" on the settings screen removes from this browser (decision 0219): copies
// the service keeps elsewhere or can rebuild — cached responses, recent searches, and the reading
// places kept on the device (a member's are also on the server). Settings (viewer mode, episode
// order), the login and an unreported payment record stay.

/** The localStorage keys of a brand that clearing removes. */
export function clearableStorageKeys(brand: PlatformId): string[] {
  return [recentSearchKey(brand), positionsStorageKey(brand)];
}

/** Bytes this site keeps on the device, when the browser says (Storage API estimate). */
export async function storedBytes(): Promise<number | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage } = await navigator.storage.estimate();
  return usage ?? null;
}

/** Removes the brand's clearable data: Cache Storage entries and the clearable keys. */
export async function clearDeviceData(brand: PlatformId): Promise<void> {
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  for (const key of clearableStorageKeys(brand)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage blocked by privacy settings: there was nothing kept to remove.
    }
  }
}
