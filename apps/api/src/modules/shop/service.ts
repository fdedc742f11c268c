import {
  AppError,
  COIN_REFUND_DAYS,
  type CoinProduct,
  type CreateOrderRequest,
  DAY_MS,
  type DisplayChannel,
  getBrand,
  type Order,
  PRODUCT_BONUS_VALID_DAYS,
  PRODUCT_FREE_COIN_VALID_DAYS,
  pointsForCharge,
  type SandboxOutcome,
  type ShopAgreement,
  type ShopResponse,
} from '@balcony/contracts';
import {
  type MemberContext,
  type ServiceContext,
  type Services,
  systemContext,
  withTransaction,
} from '../../context.js';
import type { Db } from '../../db/client.js';
import { webOriginFor } from '../../web-origins.js';
import * as events from '../events/service.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import { insertOrderApplyingCoupon } from './coupon.js';
import { sandboxCheckoutUrl } from './providers.js';
import * as repo from './repo.js';

// The coin shop (spec §2 /shop, §3 shop items, §8 payment codes; DESIGN §5): coin products per
// brand and channel, orders paid through a provider, coins (and the points they earn) credited
// exactly once when an order is paid, and a refund within 7 days while none of them were used.

/** Every box the member must tick before paying. */
export const REQUIRED_AGREEMENTS: readonly ShopAgreement[] = ['TERMS', 'NO_WITHDRAWAL_RIGHT'];

function toProduct(p: repo.ProductRow, currency: string, paid: number | undefined): CoinProduct {
  return {
    id: p.id,
    name: p.name,
    coins: p.coins,
    bonusCoins: p.bonusCoins,
    freeCoins: p.freeCoins,
    price: p.price,
    salePrice: p.salePrice,
    currency,
    percent: p.percent,
    marks: p.firstPurchaseOnly && !p.marks.includes('FIRST_PURCHASE') ? [...p.marks, 'FIRST_PURCHASE'] : p.marks,
    layout: p.layout,
    firstPurchaseOnly: p.firstPurchaseOnly,
    remainingForMe: p.limitPerUser === null ? null : Math.max(p.limitPerUser - (paid ?? 0), 0),
    soldOut: p.limitTotal !== null && p.soldCount >= p.limitTotal,
  };
}

/** GET /shop/products: what this caller may buy here; first-purchase offers only before a first charge. */
export async function shop(ctx: ServiceContext, channel: DisplayChannel): Promise<ShopResponse> {
  const rows = await repo.listProducts(ctx.db, ctx.brand.id, channel);
  const member = ctx.user;
  const offered = rows.filter((p) => !p.firstPurchaseOnly || !member || member.purchaseCount === 0);
  const paid = member
    ? await repo.paidCounts(
        ctx.db,
        member.id,
        offered.map((p) => p.id),
      )
    : new Map<number, number>();
  return {
    products: offered.map((p) => toProduct(p, ctx.brand.currency, paid.get(p.id))),
    paymentMethods: [...ctx.services.payments.keys()],
    agreements: [...REQUIRED_AGREEMENTS],
    currency: ctx.brand.currency,
  };
}

/** Until when a PAID order may be refunded (spec §9: 7 days); null when it may not (any more). */
export function refundableUntil(order: repo.OrderRow, now: Date): Date | null {
  if (order.status !== 'PAID' || !order.paidAt) return null;
  const until = new Date(order.paidAt.getTime() + COIN_REFUND_DAYS * DAY_MS);
  return until > now ? until : null;
}

/** What a member and an admin both see of an order (the admin also its member and refund time). */
export function orderFields(order: repo.OrderRow, now: Date) {
  return {
    id: order.id,
    status: order.status,
    paymentMethod: order.provider,
    productId: order.productId,
    productName: order.productName,
    coins: order.coins,
    bonusCoins: order.bonusCoins,
    freeCoins: order.freeCoins,
    amount: order.amount,
    discount: order.discount,
    couponId: order.couponUserId,
    currency: order.currency,
    purchaseCount: order.purchaseCount,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundableUntil: refundableUntil(order, now)?.toISOString() ?? null,
  };
}

function toOrder(order: repo.OrderRow, ctx: ServiceContext, checkoutUrl: string | null): Order {
  return {
    ...orderFields(order, ctx.now),
    checkoutUrl: order.status === 'UNPAID' ? checkoutUrl : null,
    returnPath: order.returnPath,
  };
}

/** A same-origin path to come back to (`/viewer/12`), or null for anything else. */
export function safeReturnPath(path: string | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path)) return null;
  return path;
}

/** Per-member and total limits of a product (LIMITED_COIN_PRODUCT_USER, LIMITED_COIN_PRODUCT). */
async function checkLimits(ctx: MemberContext, product: repo.ProductRow): Promise<void> {
  if (product.firstPurchaseOnly && ctx.user.purchaseCount > 0) throw new AppError('LIMITED_COIN_PRODUCT_USER');
  if (product.limitTotal !== null && product.soldCount >= product.limitTotal)
    throw new AppError('LIMITED_COIN_PRODUCT');
  if (product.limitPerUser !== null) {
    const paid = (await repo.paidCounts(ctx.db, ctx.user.id, [product.id])).get(product.id) ?? 0;
    if (paid >= product.limitPerUser) throw new AppError('LIMITED_COIN_PRODUCT_USER');
  }
}

/**
 * POST /shop/orders: an UNPAID order and where to pay it. The same idempotency key answers the
 * same order (a double click opens one checkout). The checkout comes back to `webOrigin` (the
 * reader's, as the web sends it or the Origin header gives it) when it is one of the web's.
 */
export async function createOrder(ctx: MemberContext, input: CreateOrderRequest): Promise<Order> {
  const provider = ctx.services.payments.get(input.paymentMethod);
  if (!provider) throw new AppError('NOT_FOUND_PAYMENT_METHOD');
  const webOrigin = webOriginFor(input.webOrigin, ctx.services.webOrigins);
  const earlier = await repo.findOrderByKey(ctx.db, ctx.user.id, input.idempotencyKey);
  if (earlier) return answerOrder(ctx, earlier, webOrigin);
  if (!REQUIRED_AGREEMENTS.every((a) => input.agreements.includes(a))) throw new AppError('REQUIRED_AGREEMENT');
  const product = await repo.findProduct(ctx.db, ctx.brand.id, input.productId);
  if (!product?.channels.includes(input.channel)) throw new AppError('NOT_FOUND_COIN_PRODUCT');
  await checkLimits(ctx, product);

  const inserted = await insertOrderApplyingCoupon(ctx, input.couponId, {
    userId: ctx.user.id,
    brandId: ctx.brand.id,
    productId: product.id,
    idempotencyKey: input.idempotencyKey,
    provider: provider.method,
    amount: product.salePrice ?? product.price,
    currency: ctx.brand.currency,
    productName: product.name,
    coins: product.coins,
    bonusCoins: product.bonusCoins,
    freeCoins: product.freeCoins,
    returnPath: safeReturnPath(input.returnPath),
  });
  // Another request with the same key got there first: answer its order.
  const order = inserted ?? (await repo.findOrderByKey(ctx.db, ctx.user.id, input.idempotencyKey));
  if (!order) throw new Error('order vanished');
  if (!inserted) return answerOrder(ctx, order, webOrigin);
  const checkout = await provider.createCheckout(order, { webOrigin });
  const saved = await repo.updateOrder(ctx.db, order.id, { providerRef: checkout.providerRef });
  return toOrder(saved, ctx, checkout.checkoutUrl);
}

/**
 * An order answered again: the sandbox's checkout is known (on `webOrigin`, by default the web's
 * first origin); a provider's page was given once.
 */
function answerOrder(
  ctx: ServiceContext,
  order: repo.OrderRow,
  webOrigin = webOriginFor(undefined, ctx.services.webOrigins),
): Order {
  return toOrder(order, ctx, order.provider === 'SANDBOX' ? sandboxCheckoutUrl(webOrigin, order.id) : null);
}

/** The member's own order; another member's answers NOT_EXIST, as one that does not exist. */
async function ownOrder(ctx: MemberContext, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order || order.userId !== ctx.user.id) throw new AppError('NOT_EXIST');
  return order;
}

/** GET /shop/orders/{id}; `webOrigin` (the Origin header) places an unpaid sandbox order's checkout. */
export async function getOrder(ctx: MemberContext, orderId: number, webOrigin?: string): Promise<Order> {
  return answerOrder(ctx, await ownOrder(ctx, orderId), webOriginFor(webOrigin, ctx.services.webOrigins));
}

/** What `markPaid` did: the order as it left it, and why a FAILED one could not be honoured. */
export interface PaidOrder {
  order: repo.OrderRow;
  /** The stock ran out (LIMITED_COIN_PRODUCT) or the member's limit was reached (…_USER); null when paid. */
  refusal: 'LIMITED_COIN_PRODUCT' | 'LIMITED_COIN_PRODUCT_USER' | null;
  /** Whether this call settled the order (false when it was paid already: a repeated confirmation). */
  settled: boolean;
}

/** How a settled payment ends, as the payment metrics count it (decision 0216). */
type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

function outcomeOf(paid: PaidOrder): PaymentOutcome | null {
  if (!paid.settled) return null;
  return paid.refusal ? 'failed' : 'paid';
}

const UNPAID_OUTCOME = { FAILED: 'failed', CANCELLED: 'cancelled' } as const;

/**
 * Marks an order PAID and credits its coins, once: a second confirmation (a webhook delivered
 * again, a double click) finds it PAID and changes nothing. A product sold out or over the
 * member's limit meanwhile fails the order instead: the provider's money is then refunded by the caller.
 * The paid coins earn points by the brand's rule (CHARGE_MILEAGE, decision 0165) in the same transaction.
 */
export async function markPaid(ctx: ServiceContext, orderId: number): Promise<PaidOrder> {
  return withTransaction(ctx, async (tx) => {
    const order = await repo.lockOrder(tx.db, orderId);
    if (!order) throw new AppError('NOT_EXIST');
    if (order.status === 'PAID' || order.status === 'REFUNDED') return { order, refusal: null, settled: false };
    // The wallet before the member's row, as a purchase takes them (its rows refer to the
    // member's): a payment and a purchase of one member wait for each other, never deadlock.
    await wallet.lock(tx, order.userId);
    // The member's row orders their charges: purchaseCount and the per-member limit stay exact.
    const member = await users.lock(tx, order.userId);
    if (!member) throw new AppError('NOT_FOUND_USER');
    const product = await repo.productById(tx.db, order.productId);
    const paidBefore = (await repo.paidCounts(tx.db, member.id, [order.productId])).get(order.productId) ?? 0;
    const soldOut = product !== null && product.limitTotal !== null && product.soldCount >= product.limitTotal;
    const overLimit =
      !product ||
      (product.firstPurchaseOnly && member.purchaseCount > 0) ||
      (product.limitPerUser !== null && paidBefore >= product.limitPerUser);
    let refusal: PaidOrder['refusal'] = soldOut
      ? 'LIMITED_COIN_PRODUCT'
      : overLimit
        ? 'LIMITED_COIN_PRODUCT_USER'
        : null;
    // Taken last and conditionally: another payment may have had the last unit meanwhile.
    if (!refusal && !(await repo.takeFromStock(tx.db, order.productId))) refusal = 'LIMITED_COIN_PRODUCT';
    if (refusal)
      return { order: await repo.updateOrder(tx.db, order.id, { status: 'FAILED' }), refusal, settled: true };
    const purchaseCount = member.purchaseCount + 1;
    await users.update(tx, member.id, { purchaseCount });
    // The order's own brand: a Stripe webhook's context has no member's request to take it from.
    const brand = getBrand(order.brandId) ?? tx.brand;
    // In this order in every payment (decision 0149); the points are earned on the paid coins only.
    const lots = [
      { ledger: 'COIN', amount: order.coins, from: 'SOLD', validDays: null, title: 'CHARGE_COIN' },
      {
        ledger: 'BONUS',
        amount: order.bonusCoins,
        from: 'PROMOTION',
        validDays: PRODUCT_BONUS_VALID_DAYS,
        title: 'CHARGE_COIN',
      },
      {
        ledger: 'FREE_COIN',
        amount: order.freeCoins,
        from: 'PROMOTION',
        validDays: PRODUCT_FREE_COIN_VALID_DAYS,
        title: 'CHARGE_COIN',
      },
      {
        ledger: 'MILEAGE',
        amount: pointsForCharge(brand, order.coins),
        from: 'PROMOTION',
        validDays: brand.pointsValidDays,
        title: 'CHARGE_MILEAGE',
      },
    ] as const;
    for (const lot of lots) {
      if (lot.amount <= 0) continue;
      await wallet.credit(tx, {
        userId: order.userId,
        ledger: lot.ledger,
        amount: lot.amount,
        source: 'PAYMENT',
        from: lot.from,
        key: `order:${order.id}:${lot.ledger}`,
        type: 'CHARGE',
        title: lot.title,
        expiresAt: lot.validDays === null ? null : new Date(tx.now.getTime() + lot.validDays * DAY_MS),
        orderId: order.id,
      });
    }
    // Running addEarn events add their extra coins to the charge (decision 0241).
    await events.creditChargeBonuses(tx, {
      userId: order.userId,
      brandId: order.brandId,
      orderId: order.id,
      coins: order.coins,
    });
    const paid = await repo.updateOrder(tx.db, order.id, { status: 'PAID', paidAt: tx.now, purchaseCount });
    return { order: paid, refusal: null, settled: true };
  });
}

/** An UNPAID order the member gave up, or whose payment the provider refused; `settled` as in PaidOrder. */
export async function markUnpaid(
  ctx: ServiceContext,
  orderId: number,
  status: 'FAILED' | 'CANCELLED',
): Promise<{ order: repo.OrderRow; settled: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const order = await repo.lockOrder(tx.db, orderId);
    if (!order) throw new AppError('NOT_EXIST');
    if (order.status !== 'UNPAID') return { order, settled: false };
    return { order: await repo.updateOrder(tx.db, order.id, { status }), settled: true };
  });
}

const SANDBOX_STATUS = { SUCCESS: 'PAID', FAILURE: 'FAILED', CANCEL: 'CANCELLED' } as const;

/** POST /shop/orders/{id}/sandbox: the sandbox checkout's answer. Repeating it answers the same. */
export async function sandboxOutcome(ctx: MemberContext, orderId: number, { outcome }: SandboxOutcome): Promise<Order> {
  const order = await ownOrder(ctx, orderId);
  if (order.provider !== 'SANDBOX') throw new AppError('NOT_FOUND_PAYMENT_METHOD');
  const wanted = SANDBOX_STATUS[outcome];
  if (order.status !== 'UNPAID') {
    if (order.status === wanted) return answerOrder(ctx, order);
    throw new AppError(order.status === 'PAID' || order.status === 'REFUNDED' ? 'ALREADY_PAID' : 'INVALID_PARAMETER');
  }
  // Not in a transaction here: each mark has committed when it returns, so it is counted then.
  if (wanted !== 'PAID') {
    const unpaid = await markUnpaid(ctx, order.id, wanted);
    if (unpaid.settled) ctx.services.metrics.payment(order.provider, UNPAID_OUTCOME[wanted]);
    return answerOrder(ctx, unpaid.order);
  }
  const done = await markPaid(ctx, order.id);
  const settled = outcomeOf(done);
  if (settled) ctx.services.metrics.payment(order.provider, settled);
  if (done.refusal) throw new AppError(done.refusal);
  return answerOrder(ctx, done.order);
}

/**
 * POST /shop/orders/{id}/refund: within 7 days of paying and while none of its coins were used
 * and none of the points it earned exchanged, the coins are taken back (CANCEL_CHARGE_COIN), the
 * points too (CANCEL_CHARGE_MILEAGE), and the provider gives the money back.
 */
export async function refund(ctx: MemberContext, orderId: number): Promise<Order> {
  await ownOrder(ctx, orderId);
  return withTransaction(ctx, async (tx) => answerOrder(tx, (await refundOrder(tx, orderId)).order));
}

/**
 * Refunds a PAID order, once, in the caller's transaction (the member's refund and the console's
 * share it): the order row is locked, so a retry or a second click waits and then finds it
 * REFUNDED (`refunded: false`, nothing changes). NOT_REFUNDABLE past 7 days or once some of its
 * coins or points were used.
 */
export async function refundOrder(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ before: repo.OrderRow; order: repo.OrderRow; refunded: boolean }> {
  if (!ctx.inTransaction) throw new Error('shop.refundOrder runs inside the refund transaction');
  const order = await repo.lockOrder(ctx.db, orderId);
  if (!order) throw new AppError('NOT_EXIST');
  if (order.status === 'REFUNDED') return { before: order, order, refunded: false };
  if (!refundableUntil(order, ctx.now)) throw new AppError('NOT_REFUNDABLE');
  const taken = await wallet.reverseOrderCredit(ctx, {
    userId: order.userId,
    orderId: order.id,
    title: 'CANCEL_CHARGE_COIN',
    pointsTitle: 'CANCEL_CHARGE_MILEAGE',
  });
  if (!taken) throw new AppError('NOT_REFUNDABLE');
  await repo.returnToStock(ctx.db, order.productId);
  const provider = ctx.services.payments.get(order.provider);
  if (!provider) throw new AppError('NOT_FOUND_PAYMENT_METHOD');
  // Last, inside the transaction: a provider that refuses rolls the whole refund back.
  await provider.refund(order);
  const refunded = await repo.updateOrder(ctx.db, order.id, { status: 'REFUNDED', refundedAt: ctx.now });
  return { before: order, order: refunded, refunded: true };
}

/** The part of a Stripe event the shop reads (checked and parsed by the webhook route). */
export interface StripeCheckoutEvent {
  id: string;
  type: string;
  sessionId: string;
  paid: boolean;
}

/**
 * A Stripe webhook: `checkout.session.completed` and paid marks the order PAID, an expired
 * session cancels it. The event id is recorded in the same transaction, so an event delivered
 * again is applied once. An order the shop could no longer honour (sold out meanwhile) is refunded.
 */
export async function applyStripeEvent(
  app: { db: Db; services: Services; log: ServiceContext['log'] },
  event: StripeCheckoutEvent,
): Promise<'applied' | 'repeated' | 'ignored'> {
  const order = await repo.findOrderByProviderRef(app.db, event.sessionId);
  const brand = order && getBrand(order.brandId);
  if (!order || !brand || order.provider !== 'STRIPE') return 'ignored';
  const applied = await withTransaction(systemContext(app.db, app.services, brand, app.log), async (tx) => {
    if (!(await repo.recordPaymentEvent(tx.db, { id: event.id, provider: 'STRIPE', orderId: order.id }))) {
      return { answer: 'repeated' as const, outcome: null };
    }
    let outcome: PaymentOutcome | null = null;
    if (event.type === 'checkout.session.completed' && event.paid) {
      const done = await markPaid(tx, order.id);
      if (done.refusal) await tx.services.payments.get('STRIPE')?.refund(done.order);
      outcome = outcomeOf(done);
    } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
      const status = event.type === 'checkout.session.expired' ? 'CANCELLED' : 'FAILED';
      if ((await markUnpaid(tx, order.id, status)).settled) outcome = UNPAID_OUTCOME[status];
    }
    return { answer: 'applied' as const, outcome };
  });
  // Counted once the event's transaction has committed.
  if (applied.outcome) app.services.metrics.payment('STRIPE', applied.outcome);
  return applied.answer;
}
