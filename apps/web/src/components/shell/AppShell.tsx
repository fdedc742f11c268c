'use client';

import { useRouter } from 'next/navigation';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { SIGNING_OUT_EVENT } from '@/components/session/client';
import { type AppPlatform, isDevtoolsShortcut } from '@/lib/shell/app-shell';
import { handleBack } from '@/lib/shell/back-stack';
import { appBackStack } from './useBackLayer';

/** The app's back button: its WebView runs `window.dispatchEvent(new Event('balcony:back'))`. */
const APP_BACK_EVENT = 'balcony:back';
/**
 * Messages to the app through the React Native WebView bridge: `ready` once the page handles the
 * back event (until then the app handles back itself), `exit` when back is pressed on the root page.
 */
const APP_READY_MESSAGE = JSON.stringify({ type: 'ready' });
const APP_EXIT_MESSAGE = JSON.stringify({ type: 'exit' });
/** Spec §4 logout on the Thai and Taiwanese Android apps: the app deletes its push token. */
const APP_DELETE_PUSH_TOKEN_MESSAGE = JSON.stringify({ type: 'delete-push-token' });

declare global {
  interface Window {
    /** Injected by the app's React Native WebView; absent in a browser. */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

const AppPlatformContext = createContext<AppPlatform | null>(null);

/** The app platform the page runs in, or null in a browser. */
export function useAppPlatform(): AppPlatform | null {
  return useContext(AppPlatformContext);
}

/**
 * The native app shell (spec §2): in the app, the devtools shortcuts, the context menu and dragging
 * are blocked, and the app's back event closes the top modal, then the top slide, then goes back a
 * page; on the root page it asks the app to close. In a browser it only provides `null`.
 */
export function AppShell({
  platform,
  deletesPushTokenOnLogout,
  children,
}: {
  platform: AppPlatform | null;
  /** The brand's Android app deletes its push token at logout (spec §4). */
  deletesPushTokenOnLogout: boolean;
  children: ReactNode;
}) {
  const router = useRouter();

  useEffect(() => {
    if (!deletesPushTokenOnLogout || (platform !== 'AND_PLAY' && platform !== 'AND_PLUS')) return;
    const onSignOut = () => window.ReactNativeWebView?.postMessage(APP_DELETE_PUSH_TOKEN_MESSAGE);
    window.addEventListener(SIGNING_OUT_EVENT, onSignOut);
    return () => window.removeEventListener(SIGNING_OUT_EVENT, onSignOut);
  }, [platform, deletesPushTokenOnLogout]);

  useEffect(() => {
    if (!platform) return;
    const block = (event: Event) => event.preventDefault();
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDevtoolsShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onBack = () => {
      const action = handleBack(appBackStack, {
        pathname: window.location.pathname,
        historyLength: window.history.length,
      });
      if (action === 'history-back') router.back();
      else if (action === 'go-home') router.replace('/');
      else if (action === 'exit-app') window.ReactNativeWebView?.postMessage(APP_EXIT_MESSAGE);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    document.addEventListener('contextmenu', block);
    document.addEventListener('dragstart', block);
    window.addEventListener(APP_BACK_EVENT, onBack);
    window.ReactNativeWebView?.postMessage(APP_READY_MESSAGE);
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      document.removeEventListener('contextmenu', block);
      document.removeEventListener('dragstart', block);
      window.removeEventListener(APP_BACK_EVENT, onBack);
    };
  }, [platform, router]);

  return <AppPlatformContext.Provider value={platform}>{children}</AppPlatformContext.Provider>;
}
