import type { ReactNode } from 'react';
import { ClientIntlProvider } from '@/i18n/ClientIntlProvider';
import { MESSAGES } from '@/i18n/messages';
import { getClientMessages } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';

/** The `Series` texts of the reader's own parts of the page (EpisodeParts), besides `Series.live`. */
const READER_PARTS = [
  'free',
  'locked',
  'read',
  'stateOwned',
  'stateRented',
  'stateUnlocked',
  'stateTicketReady',
  'rentPrice',
  'buyPrice',
  'ticketEvery',
  'ticketReady',
  'readEpisode',
  'continueEpisode',
] as const;

/**
 * Gives the series page's client parts (the reader's episode states and actions, favourite,
 * countdowns, order, read more, purchases) their texts: only those `Series` texts, `Purchase`,
 * `Freetime` (the free-time popup) and `Errors`, so the rest stays on the server.
 */
export async function SeriesIntl({ children }: { children: ReactNode }) {
  const brand = await getRequestBrand();
  const all = MESSAGES[brand.locale];
  // The rent-or-buy dialogs say their prices and the purchase codes (spec §8) in a toast.
  const messages = {
    ...(await getClientMessages()),
    Series: { live: all.Series.live, ...Object.fromEntries(READER_PARTS.map((key) => [key, all.Series[key]])) },
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
