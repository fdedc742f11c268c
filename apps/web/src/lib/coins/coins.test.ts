import { formatPaymentRecord, type Order, parsePaymentRecord } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from '../navigation/routes';
import { conversionEvents, type TrackEvent } from '../tracking/tracking';
import { isHistoryKind, mayOfferRefund, signedAmount } from './history';
import { orderView, paymentRecordOf } from './order';
import { PAYMENT_RECORD_KEY, REPORTED_ORDERS_KEY, reportPayment } from './payment-report';
import { purchaseFailure } from './purchase';
import { canPay, layoutParts, productAvailability, productPrices, productTotalCoins, shopReturnPath } from './shop';

describe('shop products', () => {
  it('lays out the coin icon and the amount text as the product says', () => {
    expect(layoutParts('ONLY_ICON')).toEqual(['icon']);
    expect(layoutParts('ONLY_TEXT')).toEqual(['text']);
    expect(layoutParts('ICON_TEXT')).toEqual(['icon', 'text']);
    expect(layoutParts('TEXT_ICON')).toEqual(['text', 'icon']);
  });

  it('pays the sale price and strikes the original only while a sale runs', () => {
    expect(productPrices({ price: 499, salePrice: null })).toEqual({ pay: 499, original: null });
    expect(productPrices({ price: 499, salePrice: 399 })).toEqual({ pay: 399, original: 499 });
    // A "sale" at the same or a higher price is no sale.
    expect(productPrices({ price: 499, salePrice: 499 })).toEqual({ pay: 499, original: null });
  });

  it('disables sold-out products and those the member may not buy again', () => {
    expect(productAvailability({ soldOut: false, remainingForMe: null })).toBe('available');
    expect(productAvailability({ soldOut: false, remainingForMe: 1 })).toBe('available');
    expect(productAvailability({ soldOut: false, remainingForMe: 0 })).toBe('limitReached');
    expect(productAvailability({ soldOut: true, remainingForMe: 0 })).toBe('soldOut');
  });

  it('adds paid, bonus and free coins', () => {
    expect(productTotalCoins({ coins: 100, bonusCoins: 10, freeCoins: 5 })).toBe(115);
  });

  it('lets the member pay only with every required box ticked', () => {
    const required = ['TERMS', 'NO_WITHDRAWAL_RIGHT'] as const;
    const base = { productId: 1, paymentMethod: 'SANDBOX', required };
    expect(canPay({ ...base, ticked: new Set() })).toBe(false);
    expect(canPay({ ...base, ticked: new Set(['TERMS'] as const) })).toBe(false);
    expect(canPay({ ...base, ticked: new Set(required) })).toBe(true);
    expect(canPay({ ...base, productId: null, ticked: new Set(required) })).toBe(false);
    expect(canPay({ ...base, paymentMethod: null, ticked: new Set(required) })).toBe(false);
  });
});

describe('shopReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(shopReturnPath('/viewer/123')).toBe('/viewer/123');
    expect(shopReturnPath(['/detail/4?episode=9'])).toBe('/detail/4?episode=9');
    expect(shopReturnPath(routes.detailEpisodePurchase(4, 9))).toBe('/detail/4?episode=9&purchase=1');
  });

  it('refuses anything that could leave the site or loop back to the shop', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'viewer/1',
      '',
      '/shop',
      '/shop?return=/x',
      '/shop/complete/1',
    ]) {
      expect(shopReturnPath(value), value).toBeNull();
    }
    expect(shopReturnPath(undefined)).toBeNull();
    expect(shopReturnPath(`/${'a'.repeat(600)}`)).toBeNull();
  });

  it('is what a lack of coins sends the reader to the shop with', () => {
    const url = new URL(routes.shopReturning('/viewer/42'), 'http://web.invalid');
    expect(url.pathname).toBe('/shop');
    expect(shopReturnPath(url.searchParams.get('return') ?? undefined)).toBe('/viewer/42');
  });
});

describe('purchase failures', () => {
  it('sends a reader without enough coins to the shop, a signed-out one to login, and says the rest', () => {
    expect(purchaseFailure('COIN_INSUFFICIENT')).toEqual({ kind: 'shop' });
    expect(purchaseFailure('NOT_LOGIN_USER')).toEqual({ kind: 'login' });
    expect(purchaseFailure('EXIST_LIBRARY')).toEqual({ kind: 'message', code: 'EXIST_LIBRARY' });
    expect(purchaseFailure('CLIENT_FETCH_ERROR')).toEqual({ kind: 'message', code: 'CLIENT_FETCH_ERROR' });
  });
});

describe('histories', () => {
  it('knows its three lists', () => {
    expect(isHistoryKind('charge')).toBe(true);
    expect(isHistoryKind('mileage')).toBe(true);
    expect(isHistoryKind('gift')).toBe(false);
  });

  it('signs amounts', () => {
    const format = (n: number) => n.toLocaleString('en');
    expect(signedAmount(1500, format)).toBe('+1,500');
    expect(signedAmount(-30, format)).toBe('\u221230');
    expect(signedAmount(0, format)).toBe('0');
  });

  it('offers a refund only on a recent paid product charge', () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    const entry = {
      type: 'CHARGE' as const,
      coinType: 'COIN' as const,
      amount: 100,
      reference: { kind: 'PRODUCT' as const, orderId: 1, name: 'Pack' },
      createdAt: '2026-01-05T00:00:00Z',
    };
    expect(mayOfferRefund(entry, now, 7)).toBe(true);
    expect(mayOfferRefund({ ...entry, createdAt: '2026-01-02T00:00:00Z' }, now, 7)).toBe(false);
    expect(mayOfferRefund({ ...entry, coinType: 'BONUS' }, now, 7)).toBe(false);
    expect(mayOfferRefund({ ...entry, reference: { kind: 'NOTE', note: 'x' } }, now, 7)).toBe(false);
    expect(mayOfferRefund({ ...entry, type: 'CANCEL', amount: -100 }, now, 7)).toBe(false);
  });
});

const order: Order = {
  id: 77,
  status: 'PAID',
  paymentMethod: 'SANDBOX',
  productId: 3,
  productName: 'Pack | 100',
  coins: 100,
  bonusCoins: 10,
  freeCoins: 0,
  amount: 499,
  discount: 0,
  couponId: null,
  currency: 'EUR',
  checkoutUrl: null,
  returnPath: '/viewer/9',
  purchaseCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
  paidAt: '2026-01-01T00:01:00Z',
  refundableUntil: '2026-01-08T00:01:00Z',
};

function memoryStorage() {
  const items = new Map<string, string>();
  const writes: string[] = [];
  return {
    items,
    writes,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(key);
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('payment report', () => {
  it('reads the order state', () => {
    expect(orderView('PAID')).toBe('paid');
    expect(orderView('UNPAID')).toBe('pending');
    expect(orderView('CANCELLED')).toBe('cancelled');
  });

  it('chooses first order and initial purchase for the first charge, re-purchase after', () => {
    expect(conversionEvents(1)).toEqual(['first_order', 'initial_purchase']);
    expect(conversionEvents(2)).toEqual(['re_purchase']);
  });

  it('makes the seven-value record of spec §3', () => {
    const raw = formatPaymentRecord(paymentRecordOf(order));
    expect(raw.split('|')).toHaveLength(7);
    expect(raw).toBe('77|499|EUR|SANDBOX||3|Pack / 100');
  });

  it('stores the record, sends the events from it, removes it, and never reports an order twice', () => {
    const storage = memoryStorage();
    const sent: TrackEvent[] = [];
    const tracker = { track: (event: TrackEvent) => void sent.push(event) };
    const run = () =>
      reportPayment({ order, storage, tracker, format: formatPaymentRecord, parse: parsePaymentRecord });
    expect(run()).toBe(true);
    expect(storage.writes[0]).toBe(PAYMENT_RECORD_KEY);
    expect(storage.items.has(PAYMENT_RECORD_KEY)).toBe(false);
    expect(sent.map((e) => e.event)).toEqual(['first_order', 'initial_purchase']);
    expect(sent[0]).toMatchObject({ transactionId: '77', value: 499, currency: 'EUR', itemId: '3' });
    expect(JSON.parse(storage.items.get(REPORTED_ORDERS_KEY) ?? '[]')).toEqual(['77']);
    expect(run()).toBe(false);
    expect(sent).toHaveLength(2);
  });
});
