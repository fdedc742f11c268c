import type { HistoryEntry, HistoryKind } from '@balcony/contracts';

// Pure rules of the coin histories (spec §2 /history/charge|use|mileage, §3 history titles).

/** The three lists, in the order of their tab bar. */
export const HISTORY_KINDS = ['charge', 'use', 'mileage'] as const satisfies readonly HistoryKind[];

export function isHistoryKind(value: string): value is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(value);
}

/** "+100" for coins in, "−30" (a true minus sign) for coins out, "0" for nothing. */
export function signedAmount(amount: number, format: (n: number) => string): string {
  if (amount > 0) return `+${format(amount)}`;
  if (amount < 0) return `\u2212${format(-amount)}`;
  return format(0);
}

/**
 * Whether a charge entry may offer a refund: a paid product order, credited (not a cancellation),
 * younger than the refund window. The api has the last word (refundableUntil, none of its coins
 * spent); the button only hides what surely cannot be refunded.
 */
export function mayOfferRefund(
  entry: Pick<HistoryEntry, 'type' | 'amount' | 'reference' | 'createdAt' | 'coinType'>,
  now: number,
  refundDays: number,
): boolean {
  if (entry.type !== 'CHARGE' || entry.amount <= 0 || entry.coinType !== 'COIN') return false;
  if (entry.reference?.kind !== 'PRODUCT') return false;
  const created = Date.parse(entry.createdAt);
  return Number.isFinite(created) && now - created < refundDays * 24 * 60 * 60 * 1000;
}
