// The conversion events of spec §4 ("after successful payment, conversion events are sent"), behind
// one small interface so that a marketing tag can be plugged in later without touching the shop
// (decision 0150). The default tracker sends nothing anywhere: in development it logs to the
// console, elsewhere it does nothing.

export type ConversionEvent = 'first_order' | 'initial_purchase' | 're_purchase';

export interface TrackEvent {
  event: ConversionEvent;
  transactionId: string;
  /** In the currency's minor unit. */
  value: number;
  currency: string;
  itemId: string;
  itemName: string;
}

export interface Tracker {
  track(event: TrackEvent): void;
}

/** Spec §4: purchaseCount 1 is the first order and the initial purchase; any later one a re-purchase. */
export function conversionEvents(purchaseCount: number): ConversionEvent[] {
  return purchaseCount === 1 ? ['first_order', 'initial_purchase'] : ['re_purchase'];
}

export const consoleTracker: Tracker = {
  track(event) {
    if (process.env.NODE_ENV === 'development') console.debug('[tracking]', event);
  },
};

let current: Tracker = consoleTracker;

/** Replaces the tracker (a marketing integration, or a test's recorder). */
export function setTracker(tracker: Tracker): void {
  current = tracker;
}

export function track(event: TrackEvent): void {
  current.track(event);
}
