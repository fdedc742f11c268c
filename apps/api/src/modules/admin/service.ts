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
import { type ServiceContext, withTransaction } from '../../context.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';
import { ADMIN_ROLE, isAdmin } from './roles.js';

// Admin actions (issue 11 item 6): coin adjustments and granting the admin role. Each one runs in
// one transaction with its audit row, so an action and its record commit or fail together. The
// HTTP routes and the CLI (src/cli/adjust-coins.ts) call the same functions.

/** A context whose caller is the acting admin: an API call's member, or the CLI's `--admin`. */
export type AdminContext = ServiceContext & { user: users.UserRow };

/**
 * The caller, read again inside the transaction (the request's row may be a moment old): an
 * active admin of the brand the context acts in, else FORBIDDEN.
 */
export async function requireAdmin(ctx: ServiceContext, adminId: number): Promise<users.UserRow> {
  const admin = await users.findById(ctx, adminId);
  if (!admin || !isAdmin(admin) || admin.status !== 'ACTIVE' || admin.brandId !== ctx.brand.id) {
    throw new AppError('FORBIDDEN');
  }
  return admin;
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
    const admin = await requireAdmin(tx, tx.user.id);
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
    await repo.insertAudit(tx.db, {
      adminId: admin.id,
      action: 'COIN_ADJUST',
      targetUserId: member.id,
      details: {
        coinType: input.coinType,
        amount: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        applied,
        ...(expiresAt && applied && { expiresAt: expiresAt.toISOString() }),
      },
    });
    const balance = await wallet.balanceOf(tx, member.id);
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

/**
 * Records an admin action another module carries out (coupons), in the caller's transaction, after
 * checking again that the caller is an active admin of the context's brand (FORBIDDEN otherwise).
 */
export async function recordAction(
  ctx: AdminContext,
  row: { action: repo.AuditAction; targetUserId: number | null; details: Record<string, unknown> },
): Promise<void> {
  if (!ctx.inTransaction) throw new Error('admin.recordAction runs inside the action’s transaction');
  const admin = await requireAdmin(ctx, ctx.user.id);
  await repo.insertAudit(ctx.db, { adminId: admin.id, ...row });
}

/** The audit log of the admin's brand, newest first (GET /admin/audit). */
export async function auditLog(ctx: AdminContext, query: AdminAuditQuery): Promise<AdminAuditPage> {
  await requireAdmin(ctx, ctx.user.id);
  const { rows, total } = await repo.listAudit(
    ctx.db,
    ctx.brand.id,
    { targetUserId: query.userId },
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

/**
 * Makes a member of the context's brand an admin (the CLI's `--grant-admin`), audited. `grantedBy`
 * is the admin who grants it; the very first admin of a brand is granted by the operator at the
 * CLI, recorded as granting it to themselves. Answers whether the role changed.
 */
export async function grantAdmin(
  ctx: ServiceContext,
  input: { userId: number; grantedBy: number | null },
): Promise<{ userId: number; changed: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const granter = input.grantedBy === null ? null : await requireAdmin(tx, input.grantedBy);
    const member = await users.lock(tx, input.userId);
    if (!member || member.brandId !== tx.brand.id || member.status === 'WITHDRAWN') {
      throw new AppError('NOT_FOUND_USER');
    }
    const changed = !isAdmin(member);
    if (changed) await users.update(tx, member.id, { role: ADMIN_ROLE });
    await repo.insertAudit(tx.db, {
      adminId: granter?.id ?? member.id,
      action: 'GRANT_ADMIN',
      targetUserId: member.id,
      details: { role: ADMIN_ROLE, previousRole: member.role, changed, bootstrap: granter === null },
    });
    return { userId: member.id, changed };
  });
}
