import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import './globals.css';
import { LAYOUT } from '@balcony/contracts';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { CSSProperties, ReactNode } from 'react';
import { ToastProvider } from '@/components/feedback/Toast';
import { SessionProvider } from '@/components/session/SessionProvider';
import { AppShell } from '@/components/shell/AppShell';
import { EarlyTaps } from '@/components/shell/EarlyTaps';
import { UnsupportedBrowser } from '@/components/shell/UnsupportedBrowser';
import { ConsentBootScript } from '@/components/tracking/ConsentBootScript';
import { TrackingLayer } from '@/components/tracking/TrackingLayer';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getClientMessages, getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { getRequestOrigin } from '@/lib/http/request-origin';
import { openGraphBase } from '@/lib/seo/metadata';
import { getServerSession, getStoredSession, isShellPage } from '@/lib/session/server';
import { appPlatformOf, isInternetExplorer } from '@/lib/shell/app-shell';
import { asksConsent } from '@/lib/tracking/consent';

// Spec §9 layout constants as CSS custom properties, so the stylesheets never repeat the numbers.
const LAYOUT_VARS: CSSProperties & Record<`--${string}`, string> = {
  '--layout-max-width': `${LAYOUT.maxContentWidth}px`,
  '--layout-top-bar': `${LAYOUT.topBar}px`,
  '--layout-header-bar': `${LAYOUT.headerBar}px`,
  '--layout-bottom-bar': `${LAYOUT.bottomBar}px`,
  '--layout-tab': `${LAYOUT.tab}px`,
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#ffffff' };

export async function generateMetadata(): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Meta');
  return {
    metadataBase: await getRequestOrigin(),
    title: { default: `${brand.product} · ${t('homeTitle')}`, template: `%s · ${brand.product}` },
    description: t('description', { product: brand.product }),
    applicationName: brand.product,
    openGraph: openGraphBase(brand),
  };
}

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const brand = await getRequestBrand();
  const userAgent = (await headers()).get('user-agent');
  // Spec §2: Internet Explorer cannot run the bundle, so it gets only the static notice.
  if (isInternetExplorer(userAgent)) {
    return (
      <html lang={brand.locale}>
        <body>
          <UnsupportedBrowser />
        </body>
      </html>
    );
  }
  const t = await getT('Site');
  // Spec §4: the server render fetches the member once; the client starts from that state. The
  // member's user and coin calls are not awaited here: their answer streams to the session
  // provider, so no page waits on them (decision 0140). A visitor is known at once from the cookie.
  // A member's page kept as their class's shell (decision 0289) holds nothing of theirs: the
  // browser asks for the session itself.
  const stored = await getStoredSession();
  const initialSession = !stored
    ? null
    : (await isShellPage())
      ? undefined
      : getServerSession().then((view) =>
          view ? { ...view, expires: new Date(stored.refreshExpiresAt).toISOString() } : null,
        );
  return (
    // The consent boot script may mark <html> before React reads it (decision 0295).
    <html lang={brand.locale} style={LAYOUT_VARS} suppressHydrationWarning>
      <body>
        {asksConsent(brand.id) && <ConsentBootScript />}
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={await getClientMessages()}>
          <SessionProvider initial={initialSession}>
            <AppShell
              platform={appPlatformOf(userAgent)}
              deletesPushTokenOnLogout={brand.androidAppDeletesPushTokenOnLogout}
            >
              <ToastProvider>{children}</ToastProvider>
            </AppShell>
          </SessionProvider>
        </ClientIntlProvider>
        <ScreenIntl namespaces={['Consent']}>
          <TrackingLayer asks={asksConsent(brand.id)} />
        </ScreenIntl>
        <EarlyTaps />
      </body>
    </html>
  );
}
