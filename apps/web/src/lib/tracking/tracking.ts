import type { EventLayer } from './events';

// The conversion events of spec §4 ("after successful payment, conversion events are sent"), as
// the shop's complete page reports them (decision 0150), passed on to the event layer (decision
// 0260), which sends them through its sinks with the reader's consent.

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

/** A tracker that emits each conversion as a purchase event of `layer`. */
export function layerTracker(layer: EventLayer): Tracker {
  return {
    track(event) {
      layer.emit({
        name: 'purchase',
        conversion: event.event,
        orderId: Number(event.transactionId),
        value: event.value,
        currency: event.currency,
        itemId: event.itemId,
        itemName: event.itemName,
      });
    },
  };
}

/** Until the page's event layer is installed (TrackingLayer), events are dropped. */
let current: EventLayer = { emit: () => undefined };

/** Installs the page's event layer (components/tracking/TrackingLayer.tsx). */
export function setEventLayer(layer: EventLayer): void {
  current = layer;
}

/** The installed event layer. */
export function events(): EventLayer {
  return current;
}

/** Sends a conversion through the installed event layer. */
export function track(event: TrackEvent): void {
  layerTracker(current).track(event);
}
