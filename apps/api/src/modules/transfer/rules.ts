import {
  TRANSFER_CONSENT_ITEMS,
  TRANSFER_CONSENT_VERSION,
  TRANSFER_LOGIN_WINDOW_MS,
  type TransferConsentItem,
  type TransferDocument,
  type TransferPeriod,
  type TransferRefusal,
  type TransferSummary,
} from '@balcony/contracts';

// Pure rules of the account transfer (decision 0250).

/** The brand's period: the operator's end when set, else the brand's configured one (null: no transfer). */
export function periodOf(configured: string | null, override: Date | null, now: Date): TransferPeriod {
  const endsAt = override ?? (configured ? new Date(configured) : null);
  return {
    endsAt: endsAt?.toISOString() ?? null,
    open: endsAt !== null && now < endsAt,
    overridden: override !== null,
  };
}

/**
 * Why the caller cannot transfer now, in the order the pages explain it: the brand has none, the
 * period is over, it is done already, or the member did not log in through the transfer login
 * (within TRANSFER_LOGIN_WINDOW_MS); null when they may.
 */
export function refusalOf(
  period: TransferPeriod,
  member: { transferred: boolean; authTime: Date | null } | null,
  now: Date,
): TransferRefusal | null {
  if (period.endsAt === null) return 'NO_TRANSFER';
  if (member?.transferred) return 'ALREADY_TRANSFERRED';
  if (!period.open) return 'CLOSED';
  if (!member?.authTime || now.getTime() - member.authTime.getTime() > TRANSFER_LOGIN_WINDOW_MS) {
    return 'LOGIN_REQUIRED';
  }
  return null;
}

/** Whether the consent given is the whole current one: every box, of the version shown. */
export function consentIsComplete(items: readonly TransferConsentItem[], version: string): boolean {
  return version === TRANSFER_CONSENT_VERSION && TRANSFER_CONSENT_ITEMS.every((item) => items.includes(item));
}

/** Totals of a document, for the status page. */
export function summaryOf(
  doc: Pick<TransferDocument, 'coins' | 'ownerships' | 'library' | 'favorites'>,
): TransferSummary {
  const sum = (type: string) => doc.coins.filter((l) => l.coinType === type).reduce((s, l) => s + l.amount, 0);
  return {
    coins: { coin: sum('COIN'), freeCoin: sum('FREE_COIN'), bonus: sum('BONUS'), mileage: sum('MILEAGE') },
    lots: doc.coins.length,
    ownerships: doc.ownerships.length,
    rentals: doc.ownerships.filter((o) => o.expiresAt !== null).length,
    library: doc.library.length,
    favorites: doc.favorites.length,
  };
}
