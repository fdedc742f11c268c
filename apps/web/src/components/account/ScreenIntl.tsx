import type { ReactNode } from 'react';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import type { Messages } from '@/i18n/messages';
import { getScreenMessages } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand';

/**
 * Gives the client components below it the message namespaces they need (plus the layout's own
 * client messages), so a screen's texts travel only with that screen.
 */
export async function ScreenIntl({
  namespaces,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}) {
  const brand = await getRequestBrand();
  const messages = await getScreenMessages(['ErrorPage', 'Errors', ...namespaces]);
  return (
    <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={messages}>
      {children}
    </ClientIntlProvider>
  );
}
