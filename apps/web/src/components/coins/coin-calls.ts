import {
  type CreateOrderRequest,
  type EpisodePurchaseKind,
  formatPaymentRecord,
  Order,
  PurchaseAllQuote,
  PurchaseResult,
  parsePaymentRecord,
  type SandboxOutcome,
} from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's calls of the coin shop and of episode purchases, through the front proxy, each
// answer checked against its contract (front-fetch.ts). Only the screens that buy load this file
// (and zod with it): the purchase dialog is loaded when it opens.

export { formatPaymentRecord, parsePaymentRecord };

/**
 * A fresh idempotency key for one attempt: made when the reader starts it and reused by a double
 * click or a retry of the same attempt, so the api applies it once (DESIGN §5).
 */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}

/** Starts paying; the payment pages come back to the web origin the reader is on (decision 0148). */
export function createOrder(body: CreateOrderRequest): Promise<Order> {
  return frontFetch('/shop/orders', Order, { method: 'POST', body: { ...body, webOrigin: window.location.origin } });
}

export function getOrder(orderId: number): Promise<Order> {
  return frontFetch(`/shop/orders/${orderId}`, Order);
}

export function settleSandbox(orderId: number, outcome: SandboxOutcome['outcome']): Promise<Order> {
  return frontFetch(`/shop/orders/${orderId}/sandbox`, Order, { method: 'POST', body: { outcome } });
}

export function refundOrder(orderId: number): Promise<Order> {
  return frontFetch(`/shop/orders/${orderId}/refund`, Order, { method: 'POST', body: {} });
}

export function purchaseEpisode(
  episodeId: number,
  kind: EpisodePurchaseKind,
  idempotencyKey: string,
): Promise<PurchaseResult> {
  return frontFetch(`/episodes/${episodeId}/purchase`, PurchaseResult, {
    method: 'POST',
    body: { kind, idempotencyKey },
  });
}

export function quotePurchaseAll(seriesId: number, kind: EpisodePurchaseKind): Promise<PurchaseAllQuote> {
  return frontFetch(`/contents/${seriesId}/purchase-all?kind=${kind}`, PurchaseAllQuote);
}

export function purchaseAll(
  seriesId: number,
  kind: EpisodePurchaseKind,
  idempotencyKey: string,
): Promise<PurchaseResult> {
  return frontFetch(`/contents/${seriesId}/purchase-all`, PurchaseResult, {
    method: 'POST',
    body: { kind, idempotencyKey },
  });
}
