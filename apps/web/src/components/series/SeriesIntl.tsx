import type { ReactNode } from 'react';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { MESSAGES } from '@/i18n/messages';
import { getClientMessages } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';

/**
 * Gives the series page's client parts (favourite, countdowns, order, read more, purchases) their
 * texts: only `Series.live`, `Purchase`, `Freetime` (the free-time popup) and `Errors`, so the rest stays on the server.
 */
export async function SeriesIntl({ children }: { children: ReactNode }) {
  const brand = await getRequestBrand();
  const all = MESSAGES[brand.locale];
  // The rent-or-buy dialogs say their prices and the purchase codes (spec §8) in a toast.
  const messages = {
    ...(await getClientMessages()),
    Series: { live: all.Series.live },
    Purchase: all.Purchase,
    Freetime: all.Freetime,
    Errors: all.Errors,
  };
  return (
    <ClientIntlProvider locale={brand.locale} timeZone={brand.timeZone} messages={messages}>
      {children}
    </ClientIntlProvider>
  );
}
