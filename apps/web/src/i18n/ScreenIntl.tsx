import type { ReactNode } from 'react';
import { getRequestBrand } from '../lib/brand/brand';
import { ClientIntlProvider } from './ClientIntlProvider';
import type { Messages } from './messages';
import { getClientMessages, getScreenMessages } from './server';

/**
 * Gives the client components below it the message namespaces they need (plus the layout's own
 * client messages), so a screen's texts travel only with that screen. A screen that shows error
 * texts asks for `Errors`.
 */
export async function ScreenIntl({
  namespaces,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  children: ReactNode;
}) {
  const brand = await getRequestBrand();
  const messages = { ...(await getClientMessages()), ...(await getScreenMessages(namespaces)) };
  return (
    <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={messages}>
      {children}
    </ClientIntlProvider>
  );
}
