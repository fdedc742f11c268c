import {
  type AdminAdjustmentRequest,
  type AdminAdjustmentResult,
  type AdminAuditPage,
  type AdminAuditQuery,
  AppError,
  DAY_MS,
  PRODUCT_BONUS_VALID_DAYS,
  PRODUCT_FREE_COIN_VALID_DAYS,
} from '@balcony/contracts';
import { type AdminContext, type ServiceContext, withTransaction } from '../../context.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import * as accounts from './accounts-repo.js';
import * as repo from './repo.js';

// Admin actions (issue 11 item 6, issue 15): coin adjustments and the audit log every admin
// action writes. Each action runs in one transaction with its audit row, so an action and its
// record commit or fail together. The HTTP routes and the CLI call the same functions.

/**
 * The caller, read again inside the action's transaction (the session was checked a moment
 * ago): still an active admin allowed in the context's brand, else FORBIDDEN.
 */
export async function requireActiveAdmin(ctx: AdminContext): Promise<void> {
  const admin = await accounts.findById(ctx.db, ctx.admin.id);
  const inBrand = admin && (admin.brandIds.length === 0 || admin.brandIds.includes(ctx.brand.id));
  if (admin?.status !== 'ACTIVE' || !inBrand) throw new AppError('FORBIDDEN');
}

/** A member of the context's brand who has not withdrawn, else NOT_FOUND_USER. */
async function memberOfBrand(ctx: ServiceContext, userId: number): Promise<users.UserRow> {
  const member = await users.findById(ctx, userId);
  if (!member || member.brandId !== ctx.brand.id || member.status === 'WITHDRAWN') {
    throw new AppError('NOT_FOUND_USER');
  }
  return member;
}

/**
 * When an admin's charge expires: BONUS and FREE_COIN always do (after `validDays`, else as a
 * coin product's would), MILEAGE only when `validDays` is given, paid COIN never. A deduction
 * takes no `validDays`.
 */
export function adjustmentExpiry(now: Date, input: Pick<AdminAdjustmentRequest, 'coinType' | 'amount' | 'validDays'>) {
  const { coinType, amount, validDays } = input;
  if (validDays !== undefined && (amount < 0 || coinType === 'COIN')) {
    throw new AppError('INVALID_PARAMETER', {
      field: 'validDays',
      reason: amount < 0 ? 'a deduction does not expire' : 'paid coins (COIN) never expire',
    });
  }
  const days =
    validDays ??
    (amount > 0 && coinType === 'BONUS'
      ? PRODUCT_BONUS_VALID_DAYS
      : amount > 0 && coinType === 'FREE_COIN'
        ? PRODUCT_FREE_COIN_VALID_DAYS
        : undefined);
  return days === undefined ? null : new Date(now.getTime() + days * DAY_MS);
}

/**
 * Charges (amount > 0) or deducts (amount < 0) coins of one type of a member of the admin's
 * brand, with the reason as the note of the member's history entry. The key is the admin's
 * own, so a retry applies once (`applied: false`); a key reused for another adjustment is
 * refused. COIN_INSUFFICIENT when a deduction passes the balance (nothing changes then).
 */
export async function adjustCoins(ctx: AdminContext, input: AdminAdjustmentRequest): Promise<AdminAdjustmentResult> {
  const expiresAt = adjustmentExpiry(ctx.now, input);
  return withTransaction(ctx, async (tx) => {
    await requireActiveAdmin(tx);
    const admin = tx.admin;
    const member = await memberOfBrand(tx, input.userId);
    await wallet.lock(tx, member.id);
    const earlier = await repo.appliedAdjustment(tx.db, admin.id, input.idempotencyKey);
    if (earlier && !sameAdjustment(earlier, input)) {
      throw new AppError('INVALID_PARAMETER', {
        field: 'idempotencyKey',
        reason: 'this key was already used for another adjustment',
      });
    }
    const key = `admin:${admin.id}:${input.idempotencyKey}`;
    const applied =
      input.amount > 0
        ? await wallet.credit(tx, {
            userId: member.id,
            ledger: input.coinType,
            amount: input.amount,
            source: 'ADMIN',
            from: 'ADJUSTED',
            key,
            type: 'CHARGE',
            title: 'ADMIN_CHARGE',
            expiresAt,
            note: input.reason,
          })
        : await wallet.deduct(tx, {
            userId: member.id,
            ledger: input.coinType,
            amount: -input.amount,
            key,
            to: 'ADJUSTED',
            title: 'ADMIN_DEDUCT',
            note: input.reason,
          });
    const balance = await wallet.balanceOf(tx, member.id);
    await repo.insertAudit(tx.db, {
      adminId: admin.id,
      action: 'COIN_ADJUST',
      brandId: tx.brand.id,
      targetType: 'member',
      targetId: String(member.id),
      targetUserId: member.id,
      after: { balance },
      ip: tx.clientIp || null,
      details: {
        coinType: input.coinType,
        amount: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        applied,
        ...(expiresAt && applied && { expiresAt: expiresAt.toISOString() }),
      },
    });
    return { userId: member.id, balance, applied };
  });
}

function sameAdjustment(
  earlier: { targetUserId: number | null; details: unknown },
  input: AdminAdjustmentRequest,
): boolean {
  const details = (earlier.details ?? {}) as Record<string, unknown>;
  return (
    earlier.targetUserId === input.userId && details.coinType === input.coinType && details.amount === input.amount
  );
}

/** What another module's admin action records: its record, and that record before and after. */
export interface ActionRecord {
  action: repo.AuditAction;
  targetType: string;
  targetId: string | number | null;
  targetUserId?: number | null;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}

/**
 * Records an admin action another module carries out, in that action's transaction, after
 * checking again that the caller is an active admin of the context's brand (FORBIDDEN otherwise).
 */
export async function recordAction(ctx: AdminContext, record: ActionRecord): Promise<void> {
  if (!ctx.inTransaction) throw new Error('admin.recordAction runs inside the action’s transaction');
  await requireActiveAdmin(ctx);
  await repo.insertAudit(ctx.db, {
    adminId: ctx.admin.id,
    action: record.action,
    brandId: ctx.brand.id,
    targetType: record.targetType,
    targetId: record.targetId === null ? null : String(record.targetId),
    targetUserId: record.targetUserId ?? null,
    before: record.before,
    after: record.after,
    details: record.details ?? {},
    ip: ctx.clientIp || null,
  });
}

/** The audit log of the context's brand (and of admin accounts), newest first, as searched. */
export async function auditLog(ctx: AdminContext, query: AdminAuditQuery): Promise<AdminAuditPage> {
  const { rows, total } = await repo.listAudit(
    ctx.db,
    {
      brandId: ctx.brand.id,
      targetUserId: query.userId,
      adminId: query.adminId,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      q: query.q,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
    },
    { offset: (query.page - 1) * query.size, limit: query.size },
  );
  return {
    items: rows.map((r) => ({
      ...r,
      details: (r.details ?? {}) as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}
