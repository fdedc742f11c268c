import type { ClientPlatform } from '@balcony/contracts';

/**
 * How the web knows it runs inside the native app (spec §1/§2): the app's WebView appends
 * `BalconyApp/<platform>` to its User-Agent, e.g. `… Mobile Safari/537.36 BalconyApp/AND_PLAY`.
 * The server reads it on every request, so the first render already fits the app.
 */
export type AppPlatform = Exclude<ClientPlatform, 'WEB'>;

const APP_MARKER = /\bBalconyApp\/(AND_PLAY|AND_PLUS|IOS_APP)\b/;

export function appPlatformOf(userAgent: string | null | undefined): AppPlatform | null {
  const match = userAgent ? APP_MARKER.exec(userAgent) : null;
  return (match?.[1] as AppPlatform | undefined) ?? null;
}

/** Internet Explorer 11 says `Trident/7.0`; IE 10 and older say `MSIE n`. */
export function isInternetExplorer(userAgent: string | null | undefined): boolean {
  return !!userAgent && /Trident\/|MSIE /.test(userAgent);
}

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
