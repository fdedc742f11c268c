import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import './globals.css';
import { LAYOUT } from '@balcony/contracts';
import type { Metadata, Viewport } from 'next';
import type { CSSProperties, ReactNode } from 'react';
import { SessionProvider } from '@/components/session/SessionProvider';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { getClientMessages, getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand';
import { openGraphBase } from '@/lib/metadata';
import { getRequestOrigin } from '@/lib/request-origin';
import { getServerSession, getStoredSession } from '@/lib/session/server';

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
  const t = await getT('Site');
  // Spec §4: the server render fetches the member once; the client starts from that state.
  const [view, stored] = await Promise.all([getServerSession(), getStoredSession()]);
  const initialSession = view && stored ? { ...view, expires: new Date(stored.refreshExpiresAt).toISOString() } : null;
  return (
    <html lang={brand.locale} style={LAYOUT_VARS}>
      <body>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={await getClientMessages()}>
          <SessionProvider initial={initialSession}>{children}</SessionProvider>
        </ClientIntlProvider>
      </body>
    </html>
  );
}
