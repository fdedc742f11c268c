import type { ConsentCategory } from '../../../page-policy.mjs';
import type { ConversionEvent } from './tracking';

// The event layer of issue 16 (decision 0260): every measurement the web makes (page views,
// sign-ups, purchases, the fingerprint sample) is one `emit` call, and every destination is a
// sink behind one interface. A sink names the consent category it needs; the layer hands it an
// event only while the reader's consent grants that category (decision 0263), so no sink checks
// consent itself and none can forget to.

export type TrackingEvent =
  | { name: 'page_view'; path: string }
  | { name: 'sign_up' }
  | {
      name: 'purchase';
      /** Spec §4: first_order and initial_purchase for purchaseCount 1, else re_purchase. */
      conversion: ConversionEvent;
      orderId: number;
      /** In the currency's minor unit. */
      value: number;
      currency: string;
      itemId: string;
      itemName: string;
    }
  /** Spec §9 fingerprint monitoring, 0.1 % of page views (decision 0264). */
  | { name: 'fingerprint_sample'; cookieEnabled: boolean; deviceIdScheme: 'random-cookie' }
  /** A developer's note: logged locally, never sent anywhere (spec §7: debug logs are not sent). */
  | { name: 'debug'; message: string };

export type EventLevel = 'event' | 'debug';

export interface EmittedEvent {
  event: TrackingEvent;
  level: EventLevel;
  /** Where the reader was: origin and path only (a query may hold a code or a token). */
  url: string;
  at: Date;
}

export interface Sink {
  readonly name: string;
  /** The consent category this sink's sending needs; `necessary` for one that sends nothing out. */
  readonly category: ConsentCategory;
  send(emitted: EmittedEvent): void;
}

export interface EventLayer {
  emit(event: TrackingEvent): void;
}

/** Spec §9: fingerprint monitoring samples 0.1 % of page views. */
export const FINGERPRINT_SAMPLE_RATE = 0.001;

/** Whether this page view is in the fingerprint sample. */
export function inFingerprintSample(random: () => number = Math.random): boolean {
  return random() < FINGERPRINT_SAMPLE_RATE;
}

export function levelOf(event: TrackingEvent): EventLevel {
  return event.name === 'debug' ? 'debug' : 'event';
}

/** The longest page address the logger and the conversion call take. */
const MAX_URL_CHARS = 2048;

/** A page address without its query and fragment, within the calls' bound. */
export function pageUrlOf(href: string): string {
  const url = new URL(href);
  return (url.origin + url.pathname).slice(0, MAX_URL_CHARS);
}

export function createEventLayer(deps: {
  sinks: readonly Sink[];
  /** The categories the reader's consent grants now (read at each event: consent can change). */
  granted: () => ReadonlySet<ConsentCategory>;
  /** The page the reader is on (location.href). */
  href: () => string;
  now?: () => Date;
}): EventLayer {
  const now = deps.now ?? (() => new Date());
  return {
    emit(event) {
      const granted = deps.granted();
      const emitted: EmittedEvent = { event, level: levelOf(event), url: pageUrlOf(deps.href()), at: now() };
      for (const sink of deps.sinks) {
        if (!granted.has(sink.category)) continue;
        try {
          sink.send(emitted);
        } catch {
          // A failing sink never breaks the page or the other sinks.
        }
      }
    },
  };
}
