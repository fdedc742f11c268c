import { z } from 'zod';
import { PlatformId } from './brands.js';
import { CoinSource, CoinType, OwnershipType } from './enums.js';
import { text } from './inputs.js';

// The account transfer of spec §1/§2/§4 (docs/decisions/0250-account-transfer.md): a member of a
// brand that merges into another provider's service moves their account there once, for good,
// within the brand's period. They consent explicitly on /transfer/apply/confirm; the api exports
// what is transferred as a signed file and closes their coins in the ledger. The maintenance
// switch of spec §2 /prepare is here too (decision 0252).

/** The consent text's version; a new wording gets a new version, and consents record it. */
export const TRANSFER_CONSENT_VERSION = '2025-09-01';

/** What the member agrees to on the confirm page, one box each: all are required. */
export const TransferConsentItem = z.enum(['IRREVERSIBLE', 'DATA_MOVED', 'ACCOUNT_CLOSED']);
export type TransferConsentItem = z.infer<typeof TransferConsentItem>;
export const TRANSFER_CONSENT_ITEMS = TransferConsentItem.options;

/**
 * How recently the member must have logged in (through /transfer/apply/login) for the confirm
 * page and the transfer itself: a session left open on a shared computer cannot transfer.
 */
export const TRANSFER_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Why a member cannot transfer now; null when they can. */
export const TransferRefusal = z.enum(['NO_TRANSFER', 'CLOSED', 'LOGIN_REQUIRED', 'ALREADY_TRANSFERRED']);
export type TransferRefusal = z.infer<typeof TransferRefusal>;

export const TransferPeriod = z.object({
  /** Null where the brand has no transfer. */
  endsAt: z.string().nullable(),
  open: z.boolean(),
  /** An operator moved the end away from the brand's configured one. */
  overridden: z.boolean(),
});
export type TransferPeriod = z.infer<typeof TransferPeriod>;

/** One lot of coins as it is handed over, with its expiry. */
export const TransferredLot = z.object({
  coinType: CoinType,
  source: CoinSource,
  amount: z.number().int(),
  expiresAt: z.string().nullable(),
  acquiredAt: z.string(),
});
export type TransferredLot = z.infer<typeof TransferredLot>;

export const TransferredOwnership = z.object({
  seriesId: z.number().int(),
  episodeId: z.number().int(),
  kind: OwnershipType,
  /** A rental's end. */
  expiresAt: z.string().nullable(),
});
export type TransferredOwnership = z.infer<typeof TransferredOwnership>;

/** A series on the member's shelf and the last episode read in it. */
export const TransferredReading = z.object({
  seriesId: z.number().int(),
  episodeId: z.number().int(),
  readAt: z.string(),
});
export type TransferredReading = z.infer<typeof TransferredReading>;

/** The consent as it was recorded. */
export const TransferConsent = z.object({
  items: z.array(TransferConsentItem),
  version: z.string(),
  at: z.string(),
  /** The client address the api saw. */
  ip: z.string(),
});
export type TransferConsent = z.infer<typeof TransferConsent>;

/** Everything transferred: the content of the signed file. */
export const TransferDocument = z.object({
  format: z.literal('balcony-account-transfer'),
  version: z.literal(1),
  brandId: PlatformId,
  member: z.object({ id: z.number().int(), email: z.string().nullable(), nickname: z.string().nullable() }),
  transferredAt: z.string(),
  consent: TransferConsent,
  coins: z.array(TransferredLot),
  ownerships: z.array(TransferredOwnership),
  library: z.array(TransferredReading),
  favorites: z.array(z.object({ seriesId: z.number().int(), addedAt: z.string() })),
});
export type TransferDocument = z.infer<typeof TransferDocument>;

/**
 * The signed file: `document` is the JSON text of a TransferDocument, signed as it stands (its
 * UTF-8 bytes) with Ed25519, so anyone holding the public key verifies it without re-serialising.
 */
export const SignedTransferFile = z.object({
  format: z.literal('balcony-account-transfer+ed25519'),
  keyId: z.string(),
  document: z.string(),
  signature: z.string(),
});
export type SignedTransferFile = z.infer<typeof SignedTransferFile>;

/** Totals of what was transferred, for the status page. */
export const TransferSummary = z.object({
  coins: z.object({
    coin: z.number().int(),
    freeCoin: z.number().int(),
    bonus: z.number().int(),
    mileage: z.number().int(),
  }),
  lots: z.number().int(),
  ownerships: z.number().int(),
  rentals: z.number().int(),
  library: z.number().int(),
  favorites: z.number().int(),
});
export type TransferSummary = z.infer<typeof TransferSummary>;

export const TransferRecord = z.object({
  id: z.number().int(),
  status: z.literal('COMPLETED'),
  transferredAt: z.string(),
  consent: TransferConsent,
  summary: TransferSummary,
});
export type TransferRecord = z.infer<typeof TransferRecord>;

/** GET /transfer: the period, the member's transfer if done, and whether they may apply now. */
export const TransferStatus = z.object({
  period: TransferPeriod,
  transfer: TransferRecord.nullable(),
  refusal: TransferRefusal.nullable(),
});
export type TransferStatus = z.infer<typeof TransferStatus>;

/** POST /transfer: the boxes ticked, and the consent text's version shown. */
export const TransferRequest = z.object({
  consent: z.array(TransferConsentItem).min(1).max(TRANSFER_CONSENT_ITEMS.length),
  version: text(32),
});
export type TransferRequest = z.infer<typeof TransferRequest>;

/** GET /transfer/public-key: how a partner verifies the files. */
export const TransferPublicKey = z.object({
  alg: z.literal('Ed25519'),
  keyId: z.string(),
  /** SPKI, PEM. */
  publicKey: z.string(),
});
export type TransferPublicKey = z.infer<typeof TransferPublicKey>;

/** PUT /admin/transfer/period: an operator's end of the period, or null for the brand's configured one. */
export const TransferPeriodUpdate = z.object({ endsAt: z.iso.datetime({ offset: true }).nullable() });
export type TransferPeriodUpdate = z.infer<typeof TransferPeriodUpdate>;

// ——— maintenance (spec §2 /prepare) ———

/** The brand's maintenance as readers and apps see it. */
export const MaintenanceState = z.object({
  active: z.boolean(),
  /** The expected end, when the operator gave one. */
  endsAt: z.string().nullable(),
  /** '*' when switched on for every brand. */
  scope: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof MaintenanceState>;

/** PUT /admin/maintenance: switch on (with its expected end) or off, for the brand or every brand. */
export const MaintenanceUpdate = z.object({
  active: z.boolean(),
  allBrands: z.boolean(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MaintenanceUpdate = z.infer<typeof MaintenanceUpdate>;

/** GET /admin/maintenance: the switches of the brand and of every brand. */
export const MaintenanceSwitches = z.object({
  brand: MaintenanceState,
  allBrands: MaintenanceState,
  /** What readers of the brand get now. */
  effective: MaintenanceState,
});
export type MaintenanceSwitches = z.infer<typeof MaintenanceSwitches>;

/** GET /admin/transfer: the period and how many members transferred. */
export const TransferAdminView = z.object({
  period: TransferPeriod,
  configuredEndsAt: z.string().nullable(),
  transfers: z.number().int(),
});
export type TransferAdminView = z.infer<typeof TransferAdminView>;
