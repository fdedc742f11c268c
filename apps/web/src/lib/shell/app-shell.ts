import type { ClientPlatform } from '@balcony/contracts';

/** The native app's platform; the server reads it from the User-Agent (page-policy.mjs) on every request, so the first render already fits the app. */
export type AppPlatform = Exclude<ClientPlatform, 'WEB'>;

export { appPlatformOf, isInternetExplorer } from '../../../page-policy.mjs';

/** The parts of a keydown the devtools shortcuts are told by. */
export interface ShortcutKey {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * Spec §2: in the app, F12 and Alt+Cmd+I (and the Ctrl+Shift+I of other systems) are blocked.
 * The physical key is checked too, because Alt changes `key` on a Mac (Alt+I types "ˆ").
 */
export function isDevtoolsShortcut(event: ShortcutKey): boolean {
  if (event.key === 'F12') return true;
  const isI = event.code === 'KeyI' || event.key.toLowerCase() === 'i';
  if (!isI) return false;
  return (event.altKey && event.metaKey) || (event.ctrlKey && event.shiftKey);
}
