import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False during the server render and hydration, true from the browser's first own render on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
