import type { Order, PaymentRecord } from '@balcony/contracts';
import { conversionEvents, type Tracker } from '../tracking/tracking';
import { paymentRecordOf } from './order';

// Spec §3/§4: after a successful payment the web keeps the seven-value payment record, sends the
// conversion events from it, then removes it. Orders already reported are remembered on the device,
// so a reload of the complete page does not count a sale twice.

/** Where the record waits (spec §3 "client storage", name ours). */
export const PAYMENT_RECORD_KEY = 'balcony.paymentRecord';
/** The last orders reported from this device. */
export const REPORTED_ORDERS_KEY = 'balcony.reportedOrders';
const REPORTED_KEEP = 20;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function reportedOrders(storage: Storage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(REPORTED_ORDERS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Stores the record of a paid order, sends its conversion events and removes the record. Answers
 * false when the order was reported before (nothing is sent again).
 */
export function reportPayment(input: {
  order: Order;
  storage: Storage;
  tracker: Tracker;
  format(record: PaymentRecord): string;
  parse(raw: string): PaymentRecord | null;
}): boolean {
  const { order, storage, tracker } = input;
  const id = String(order.id);
  const reported = reportedOrders(storage);
  if (reported.includes(id)) return false;
  storage.setItem(PAYMENT_RECORD_KEY, input.format(paymentRecordOf(order)));
  const record = input.parse(storage.getItem(PAYMENT_RECORD_KEY) ?? '');
  if (record) {
    for (const event of conversionEvents(order.purchaseCount)) {
      tracker.track({
        event,
        transactionId: record.transactionId,
        value: record.amount,
        currency: record.currency,
        itemId: record.itemId,
        itemName: record.itemName,
      });
    }
  }
  storage.removeItem(PAYMENT_RECORD_KEY);
  storage.setItem(REPORTED_ORDERS_KEY, JSON.stringify([id, ...reported].slice(0, REPORTED_KEEP)));
  return true;
}
