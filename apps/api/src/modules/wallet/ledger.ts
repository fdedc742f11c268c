import {
  type CoinHistoryType,
  type CoinLot,
  type CoinSource,
  type CoinType,
  type HistoryReference,
  type LotOrigin,
  type LotStatus,
  type LotUseKind,
  toCsv,
} from '@balcony/contracts';
import { spendingOrder } from './rules.js';

// The transparent ledger (issue 12 item 6, decision 0170), pure so that it is tested on its own:
// what a lot came from in the reader's words, what each use of it went to, its state, the order
// the page lists lots in, and the CSV of it all.

const ORIGIN_OF_SOURCE: Readonly<Record<CoinSource, LotOrigin>> = {
  PAYMENT: 'PAYMENT',
  COUPON: 'COUPON',
  MILEAGE: 'POINTS',
  REWARD: 'REWARD',
  EVENT: 'EVENT',
  ADMIN: 'ADMIN',
  OFFERWALL: 'OFFERWALL',
};

/**
 * Where a lot came from: its source, except where the credit's title says more than the source
 * (a gift is credited as REWARD, the sign-up mail reward as EVENT, exchanged points as MILEAGE).
 */
export function lotOrigin(source: CoinSource, title: string): LotOrigin {
  if (title === 'RECEIVE_GIFT') return 'GIFT';
  if (title === 'SIGNUP_MAIL_REWARD') return 'SIGNUP_REWARD';
  if (title === 'EXCHANGE_MILEAGE') return 'POINTS';
  return ORIGIN_OF_SOURCE[source];
}

/** What a movement that took coins out of a lot went to. */
export function useKind(type: CoinHistoryType, title: string, purchaseId: number | null): LotUseKind {
  if (type === 'EXPIRE') return 'EXPIRED';
  if (type === 'CANCEL') return 'REFUNDED';
  if (title === 'ADMIN_DEDUCT') return 'ADMIN_DEDUCT';
  if (title === 'EXCHANGE_MILEAGE') return 'POINTS_EXCHANGE';
  return purchaseId === null ? 'OTHER' : 'EPISODE';
}

interface LotState {
  remaining: number;
  expiresAt: Date | null;
  uses: readonly { kind: LotUseKind }[];
}

/**
 * OPEN while coins are left and its time has not passed (those count in the balance, as GET
 * /coin counts them); EXPIRED once its time passed with coins left, written off or not yet;
 * REFUNDED when its charge was cancelled; SPENT when its coins all went otherwise.
 */
export function lotStatus(lot: LotState, now: Date): LotStatus {
  const timeIsUp = lot.expiresAt !== null && lot.expiresAt.getTime() <= now.getTime();
  if (lot.remaining > 0) return timeIsUp ? 'EXPIRED' : 'OPEN';
  if (lot.uses.some((u) => u.kind === 'EXPIRED')) return 'EXPIRED';
  if (lot.uses.some((u) => u.kind === 'REFUNDED')) return 'REFUNDED';
  return 'SPENT';
}

interface ArrangedLot extends LotState {
  id: number;
  coinType: CoinType;
  createdAt: Date;
  /** Oldest first. */
  uses: readonly { kind: LotUseKind; createdAt: Date }[];
}

const time = (d: Date | null) => d?.getTime() ?? Number.POSITIVE_INFINITY;
/**
 * When a lot last changed: the expiry of one that expired holding coins (written off or not
 * yet), else its last use (the one that emptied it, as the query picks emptied lots), else its credit.
 */
function lastMovement(lot: ArrangedLot, now: Date): number {
  if (lot.remaining > 0 && lot.expiresAt !== null && lot.expiresAt.getTime() <= now.getTime()) {
    return lot.expiresAt.getTime();
  }
  return (lot.uses.at(-1)?.createdAt ?? lot.createdAt).getTime();
}

/**
 * The order the page lists lots in: the OPEN coins in the order episodes will spend them (DESIGN
 * §5), then the OPEN points, soonest expiring first, then every other lot, the last moved first.
 * Of the emptied lots, `emptiedMax` at most are kept (the last emptied); `moreEmptied` says some
 * were left out.
 */
export function arrangeLedger<L extends ArrangedLot>(
  lots: readonly L[],
  now: Date,
  emptiedMax: number,
): { lots: L[]; moreEmptied: boolean } {
  const open = lots.filter((l) => lotStatus(l, now) === 'OPEN');
  const openIds = new Set(open.map((l) => l.id));
  const spending = spendingOrder(
    open.map((l) => ({ ...l, ledger: l.coinType })),
    now,
  );
  const rank = new Map(spending.map((l, i) => [l.id, i]));
  const coins = open.filter((l) => rank.has(l.id)).sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  const points = open
    .filter((l) => !rank.has(l.id))
    .sort((a, b) => time(a.expiresAt) - time(b.expiresAt) || a.createdAt.getTime() - b.createdAt.getTime());
  const byLastMovement = (a: L, b: L) => lastMovement(b, now) - lastMovement(a, now) || b.id - a.id;
  const emptied = lots.filter((l) => l.remaining === 0).sort(byLastMovement);
  const closed = [...lots.filter((l) => l.remaining > 0 && !openIds.has(l.id)), ...emptied.slice(0, emptiedMax)].sort(
    byLastMovement,
  );
  return { lots: [...coins, ...points, ...closed], moreEmptied: emptied.length > emptiedMax };
}

// ——— the CSV (GET /coin/lots.csv) ———

export const LEDGER_CSV_HEADER = [
  'lot_id',
  'coin_type',
  'source',
  'origin',
  'origin_reference',
  'lot_amount',
  'lot_remaining',
  'lot_status',
  'lot_created_at',
  'lot_expires_at',
  'movement',
  'movement_date',
  'amount',
  'purchase',
  'movement_reference',
] as const;

/** A reference in a few words of no language: a product, a note, or a series and its episode number. */
export function referenceText(reference: HistoryReference | null): string | null {
  if (!reference) return null;
  switch (reference.kind) {
    case 'PRODUCT':
      return reference.name;
    case 'NOTE':
      return reference.note;
    case 'EPISODE':
      return reference.episodeCount === 1 && reference.episodeNumber !== null
        ? `${reference.seriesTitle} #${reference.episodeNumber}`
        : `${reference.seriesTitle} (${reference.episodeCount})`;
  }
}

/** Spreadsheets read a UTF-8 file as UTF-8 when it begins with this mark (series titles in ja, th, zh-TW…). */
const UTF8_BOM = '\uFEFF';

/**
 * The lots as CSV: one row per movement of a lot, its credit (CREDIT, + its amount) then each use
 * (− what it took), every row repeating its lot's columns. The `amount` of the rows of a lot sum
 * to what is left in it, so the rows of the OPEN lots of a coin type sum to its balance. Dates
 * are ISO 8601 in UTC.
 */
export function ledgerCsv(lots: readonly CoinLot[]): string {
  const rows = lots.flatMap((lot) => {
    const columns = [
      lot.id,
      lot.coinType,
      lot.source,
      lot.origin,
      referenceText(lot.reference),
      lot.amount,
      lot.remaining,
      lot.status,
      lot.createdAt,
      lot.expiresAt,
    ];
    return [
      [...columns, 'CREDIT', lot.createdAt, lot.amount, null, null],
      ...lot.uses.map((use) => [
        ...columns,
        use.kind,
        use.createdAt,
        -use.amount,
        use.reference?.kind === 'EPISODE' ? use.reference.purchase : null,
        referenceText(use.reference),
      ]),
    ];
  });
  return UTF8_BOM + toCsv(LEDGER_CSV_HEADER, rows);
}
