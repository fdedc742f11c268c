import type { ReactNode } from 'react';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { MESSAGES } from '@/i18n/messages';
import { getClientMessages } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';

/**
 * Gives the series page's client parts (favourite, countdowns, order, read more) their texts:
 * only `Series.live`, so the rest of the namespace stays on the server.
 */
export async function SeriesIntl({ children }: { children: ReactNode }) {
  const brand = await getRequestBrand();
  const messages = { ...(await getClientMessages()), Series: { live: MESSAGES[brand.locale].Series.live } };
  return (
    <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={messages}>
      {children}
    </ClientIntlProvider>
  );
}
