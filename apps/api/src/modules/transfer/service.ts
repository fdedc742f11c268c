import {
  AppError,
  type SignedTransferFile,
  type TransferAdminView,
  type TransferDocument,
  type TransferPeriod,
  type TransferPeriodUpdate,
  type TransferPublicKey,
  type TransferRecord,
  type TransferRequest,
  type TransferStatus,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import { runningOwnershipsOf } from '../access/service.js';
import { recordAction } from '../admin/service.js';
import { shelfOf } from '../library/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';
import { consentIsComplete, periodOf, refusalOf, summaryOf } from './rules.js';

// The account transfer of spec §1/§2/§4 (docs/decisions/0250-account-transfer.md and 0251): once
// per member, irreversible, within the brand's period. The member consents on the confirm page
// after logging in again through /transfer/apply/login; in one transaction, with the wallet
// locked first, their coins leave lot by lot for the operator's TRANSFERRED account, and what is
// transferred (coin lots with their expiry, running ownerships, last read per series,
// favourites) is signed into the file kept with the consent. A second attempt is refused.

async function periodFor(ctx: ServiceContext): Promise<TransferPeriod> {
  return periodOf(ctx.brand.transferEndsAt, await repo.periodOverride(ctx.db, ctx.brand.id), ctx.now);
}

function recordOf(row: repo.TransferRow): TransferRecord {
  return {
    id: row.id,
    status: 'COMPLETED',
    transferredAt: row.createdAt.toISOString(),
    consent: {
      items: row.consentItems,
      version: row.consentVersion,
      at: row.consentedAt.toISOString(),
      ip: row.clientIp,
    },
    summary: row.summary,
  };
}

/** GET /transfer: the brand's period, and for a member their transfer and whether they may apply now. */
export async function status(ctx: ServiceContext): Promise<TransferStatus> {
  const period = await periodFor(ctx);
  const row = ctx.user ? await repo.transferOf(ctx.db, ctx.user.id) : null;
  const member = ctx.user ? { transferred: row !== null, authTime: ctx.authTime } : null;
  return { period, transfer: row ? recordOf(row) : null, refusal: refusalOf(period, member, ctx.now) };
}

/**
 * POST /transfer. Refusals: NOT_EXIST where the brand has no transfer, ALREADY_TRANSFERRED,
 * NOT_TRANSFER_PERIOD after the end, NOT_LOGIN_USER without a login through the transfer login
 * in the last 15 minutes, INVALID_PARAMETER for a consent that is not whole or not the current one.
 */
export function apply(ctx: MemberContext, input: TransferRequest): Promise<TransferStatus> {
  return withTransaction(ctx, async (tx) => {
    const userId = tx.user.id;
    // Locked first: a second attempt waits here, then finds the first one's row.
    const locked = await wallet.lock(tx, userId);
    const period = await periodFor(tx);
    const existing = await repo.transferOf(tx.db, userId);
    const refusal = refusalOf(period, { transferred: existing !== null, authTime: tx.authTime }, tx.now);
    if (refusal === 'NO_TRANSFER') throw new AppError('NOT_EXIST');
    if (refusal === 'ALREADY_TRANSFERRED') throw new AppError('ALREADY_TRANSFERRED');
    if (refusal === 'CLOSED') throw new AppError('NOT_TRANSFER_PERIOD');
    if (refusal === 'LOGIN_REQUIRED') throw new AppError('NOT_LOGIN_USER');
    if (!consentIsComplete(input.consent, input.version)) {
      throw new AppError('INVALID_PARAMETER', {
        field: 'consent',
        reason: 'every box of the current text is required',
      });
    }
    const lots = await wallet.transferOut(tx, locked, `transfer:${userId}`);
    const ownerships = await runningOwnershipsOf(tx, userId);
    const shelf = await shelfOf(tx, userId);
    const consent = {
      items: [...new Set(input.consent)],
      version: input.version,
      at: tx.now.toISOString(),
      ip: tx.clientIp,
    };
    const document: TransferDocument = {
      format: 'balcony-account-transfer',
      version: 1,
      brandId: tx.brand.id,
      member: { id: userId, email: tx.user.email ?? null, nickname: tx.user.nickname ?? null },
      transferredAt: tx.now.toISOString(),
      consent,
      coins: lots.map((lot) => ({
        coinType: lot.ledger,
        source: lot.source,
        amount: lot.amount,
        expiresAt: lot.expiresAt?.toISOString() ?? null,
        acquiredAt: lot.createdAt.toISOString(),
      })),
      ownerships: ownerships.map((o) => ({ ...o, expiresAt: o.expiresAt?.toISOString() ?? null })),
      library: shelf.reading.map((r) => ({ ...r, readAt: r.readAt.toISOString() })),
      favorites: shelf.favorites.map((f) => ({ ...f, addedAt: f.addedAt.toISOString() })),
    };
    const signed = tx.services.transferSigner.sign(document);
    const row = await repo.insertTransfer(tx.db, {
      userId,
      brandId: tx.brand.id,
      consentItems: consent.items,
      consentVersion: consent.version,
      consentedAt: tx.now,
      clientIp: consent.ip,
      summary: summaryOf(document),
      document: signed.document,
      signature: signed.signature,
      keyId: signed.keyId,
      createdAt: tx.now,
    });
    // The wallet lock makes this unreachable; the unique row is the last guard.
    if (!row) throw new AppError('ALREADY_TRANSFERRED');
    tx.log.info({ userId, brandId: tx.brand.id, lots: lots.length }, 'account transferred');
    return { period, transfer: recordOf(row), refusal: 'ALREADY_TRANSFERRED' };
  });
}

/** GET /transfer/file: the member's own signed file, as it was handed over; NOT_EXIST before a transfer. */
export async function file(ctx: MemberContext): Promise<{ fileName: string; file: SignedTransferFile }> {
  const row = await repo.transferOf(ctx.db, ctx.user.id);
  if (!row) throw new AppError('NOT_EXIST');
  return {
    fileName: `account-transfer-${row.brandId}-${row.userId}.json`,
    file: {
      format: 'balcony-account-transfer+ed25519',
      keyId: row.keyId,
      document: row.document,
      signature: row.signature,
    },
  };
}

/** GET /transfer/public-key: how the partner verifies the files. */
export function publicKey(ctx: ServiceContext): TransferPublicKey {
  const signer = ctx.services.transferSigner;
  return { alg: 'Ed25519', keyId: signer.keyId, publicKey: signer.publicKeyPem };
}

/** GET /admin/transfer. */
export async function adminView(ctx: AdminContext): Promise<TransferAdminView> {
  return {
    period: await periodFor(ctx),
    configuredEndsAt: ctx.brand.transferEndsAt ? new Date(ctx.brand.transferEndsAt).toISOString() : null,
    transfers: await repo.countOfBrand(ctx.db, ctx.brand.id),
  };
}

/** PUT /admin/transfer/period: moves the brand's end (null: back to the configured one); audited. */
export async function setPeriod(ctx: AdminContext, input: TransferPeriodUpdate): Promise<TransferAdminView> {
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  await withTransaction(ctx, async (tx) => {
    const before = await periodFor(tx);
    await repo.setPeriodOverride(tx.db, tx.brand.id, endsAt, tx.admin.id, tx.now);
    await recordAction(tx, {
      action: 'TRANSFER_PERIOD',
      targetType: 'transfer_period',
      targetId: tx.brand.id,
      before: { endsAt: before.endsAt, overridden: before.overridden },
      after: { endsAt: endsAt?.toISOString() ?? tx.brand.transferEndsAt, overridden: endsAt !== null },
    });
  });
  return adminView(ctx);
}
