import {
  ADMIN_MEMBER_ORDERS_MAX,
  type AdminOrder,
  type AdminOrderList,
  type AdminProduct,
  type AdminProductList,
  type AdminProductOrderRequest,
  type AdminProductValues,
  type AdminRefundResult,
  AppError,
} from '@balcony/contracts';
import { type AdminContext, withTransaction } from '../../context.js';
import { recordAction } from '../admin/service.js';
import * as users from '../users/service.js';
import * as repo from './repo.js';
import { orderFields, refundOrder } from './service.js';

// The shop in the console (issue 15 item 5, decision 0235): the brand's coin products (create,
// edit, turn off, order) and refunds of members' orders through the provider. FINANCE only (the
// routes say so). Every write is audited, with the record before and after, in its transaction.
// The reader shop reads products on every call (never cached: it answers per member), so an edit
// shows there on the next visit.

function toAdminProduct(p: repo.ProductRow, currency: string): AdminProduct {
  return {
    id: p.id,
    brandId: p.brandId,
    name: p.name,
    channels: p.channels,
    coins: p.coins,
    bonusCoins: p.bonusCoins,
    freeCoins: p.freeCoins,
    price: p.price,
    salePrice: p.salePrice,
    percent: p.percent,
    marks: p.marks,
    layout: p.layout,
    firstPurchaseOnly: p.firstPurchaseOnly,
    limitTotal: p.limitTotal,
    limitPerUser: p.limitPerUser,
    soldCount: p.soldCount,
    sortOrder: p.sortOrder,
    active: p.active,
    currency,
    createdAt: p.createdAt.toISOString(),
  };
}

/** GET /admin/shop/products: every product of the brand, active or not, in the shop's order. */
export async function listProducts(ctx: AdminContext): Promise<AdminProductList> {
  const rows = await repo.allProducts(ctx.db, ctx.brand.id);
  return { products: rows.map((p) => toAdminProduct(p, ctx.brand.currency)), currency: ctx.brand.currency };
}

async function requireFreeName(ctx: AdminContext, name: string, exceptId?: number): Promise<void> {
  if (await repo.nameTaken(ctx.db, ctx.brand.id, name, exceptId)) {
    throw new AppError('INVALID_PARAMETER', { field: 'name', reason: 'another product of the brand has this name' });
  }
}

/** POST /admin/shop/products: a new product at the end of the brand's list. */
export async function createProduct(ctx: AdminContext, input: AdminProductValues): Promise<AdminProduct> {
  return withTransaction(ctx, async (tx) => {
    await requireFreeName(tx, input.name);
    const row = await repo.insertProduct(tx.db, {
      ...input,
      brandId: tx.brand.id,
      sortOrder: await repo.nextSortOrder(tx.db, tx.brand.id),
    });
    const product = toAdminProduct(row, tx.brand.currency);
    await recordAction(tx, { action: 'PRODUCT_CREATE', targetType: 'coin_product', targetId: row.id, after: product });
    return product;
  });
}

/** The product of the brand locked for a change, else NOT_FOUND_COIN_PRODUCT (another brand's too). */
async function lockedProduct(ctx: AdminContext, productId: number): Promise<repo.ProductRow> {
  const row = await repo.lockProduct(ctx.db, ctx.brand.id, productId);
  if (!row) throw new AppError('NOT_FOUND_COIN_PRODUCT');
  return row;
}

/**
 * PUT /admin/shop/products/{id}: every setting at once. Orders already made keep what they were
 * sold with (an order copies the product's coins and price); new ones get the new settings.
 */
export async function updateProduct(
  ctx: AdminContext,
  productId: number,
  input: AdminProductValues,
): Promise<AdminProduct> {
  return withTransaction(ctx, async (tx) => {
    const before = await lockedProduct(tx, productId);
    await requireFreeName(tx, input.name, productId);
    const row = await repo.updateProduct(tx.db, productId, input);
    const product = toAdminProduct(row, tx.brand.currency);
    await recordAction(tx, {
      action: 'PRODUCT_UPDATE',
      targetType: 'coin_product',
      targetId: productId,
      before: toAdminProduct(before, tx.brand.currency),
      after: product,
    });
    return product;
  });
}

/** PUT /admin/shop/products/{id}/active: offers a product again, or takes it out of the shop. */
export async function setProductActive(ctx: AdminContext, productId: number, active: boolean): Promise<AdminProduct> {
  return withTransaction(ctx, async (tx) => {
    const before = await lockedProduct(tx, productId);
    if (before.active === active) return toAdminProduct(before, tx.brand.currency);
    const row = await repo.updateProduct(tx.db, productId, { active });
    await recordAction(tx, {
      action: active ? 'PRODUCT_ACTIVATE' : 'PRODUCT_DEACTIVATE',
      targetType: 'coin_product',
      targetId: productId,
      before: { active: before.active },
      after: { active: row.active },
    });
    return toAdminProduct(row, tx.brand.currency);
  });
}

/** PUT /admin/shop/products/order: the brand's products in this order; the list must name each of them once. */
export async function reorderProducts(ctx: AdminContext, input: AdminProductOrderRequest): Promise<AdminProductList> {
  return withTransaction(ctx, async (tx) => {
    const current = await repo.allProducts(tx.db, tx.brand.id);
    const known = new Set(current.map((p) => p.id));
    if (input.productIds.length !== known.size || !input.productIds.every((id) => known.has(id))) {
      throw new AppError('INVALID_PARAMETER', {
        field: 'productIds',
        reason: 'name every product of the brand, each once',
      });
    }
    await repo.reorderProducts(tx.db, tx.brand.id, input.productIds);
    await recordAction(tx, {
      action: 'PRODUCT_REORDER',
      targetType: 'coin_product',
      targetId: null,
      before: { productIds: current.map((p) => p.id) },
      after: { productIds: input.productIds },
    });
    return listProducts(tx);
  });
}

// ——— members' orders and refunds ———

function toAdminOrder(order: repo.OrderRow, now: Date): AdminOrder {
  return {
    ...orderFields(order, now),
    userId: order.userId,
    refundedAt: order.refundedAt?.toISOString() ?? null,
  };
}

/** GET /admin/members/{id}/orders: a member of the brand's latest orders, newest first. */
export async function memberOrders(ctx: AdminContext, memberId: number): Promise<AdminOrderList> {
  const member = await users.findById(ctx, memberId);
  if (!member || member.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  const rows = await repo.ordersOfMember(ctx.db, memberId, ADMIN_MEMBER_ORDERS_MAX);
  return { orders: rows.map((o) => toAdminOrder(o, ctx.now)) };
}

/**
 * POST /admin/orders/{id}/refund: the member's refund (7 days, no coin of it used), asked by the
 * console: the coins and points taken back, the provider's money given back, the order REFUNDED,
 * audited, in one transaction. Refunded once: a retry answers `refunded: false` and writes nothing.
 * Another brand's order is NOT_EXIST, as one that does not exist.
 */
export async function refund(ctx: AdminContext, orderId: number): Promise<AdminRefundResult> {
  return withTransaction(ctx, async (tx) => {
    const found = await repo.findOrder(tx.db, orderId);
    if (!found || found.brandId !== tx.brand.id) throw new AppError('NOT_EXIST');
    const { before, order, refunded } = await refundOrder(tx, orderId);
    if (refunded) {
      await recordAction(tx, {
        action: 'ORDER_REFUND',
        targetType: 'order',
        targetId: order.id,
        targetUserId: order.userId,
        before: { status: before.status },
        after: { status: order.status, refundedAt: order.refundedAt?.toISOString() ?? null },
        details: { amount: order.amount, currency: order.currency, provider: order.provider, coins: order.coins },
      });
    }
    return { order: toAdminOrder(order, tx.now), refunded };
  });
}
