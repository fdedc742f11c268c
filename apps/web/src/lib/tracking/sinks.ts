import type { FacebookAction, FacebookConversionRequest, LogData, LoggerRequest } from '@balcony/contracts';
import type { EmittedEvent, Sink, TrackingEvent } from './events';

// The three sinks of the event layer (decision 0260): the local log (development console, nothing
// sent), POST /api/logger through the front proxy (measurement), and the Facebook conversion call
// through the front proxy (marketing). Sending is given as a function, so tests record it.

/** Development only: the console; elsewhere nothing. Sends nothing out, so needs no consent. */
export function logSink(write: (line: string, emitted: EmittedEvent) => void): Sink {
  return {
    name: 'log',
    category: 'necessary',
    send(emitted) {
      write(`[tracking] ${emitted.event.name}`, emitted);
    },
  };
}

/** The flat fields of an event, as the logger's `data` takes them. */
function dataOf(event: TrackingEvent): LogData {
  const { name: _name, ...fields } = event;
  const data: LogData = {};
  for (const [key, value] of Object.entries(fields)) {
    data[key] = typeof value === 'string' ? value.slice(0, 512) : (value as number | boolean);
  }
  return data;
}

/** POST /api/logger (spec §7); debug events are never sent. */
export function loggerSink(post: (body: LoggerRequest) => void): Sink {
  return {
    name: 'logger',
    category: 'measurement',
    send(emitted) {
      if (emitted.level === 'debug') return;
      post({
        logType: 'event',
        platform: 'WEB',
        date: emitted.at.toISOString(),
        url: emitted.url,
        action: emitted.event.name,
        data: dataOf(emitted.event),
      });
    },
  };
}

/**
 * The Facebook standard event for one of ours, or null: a page view, a sign-up, and a purchase
 * once per order (its initial_purchase or re_purchase; first_order would count it twice).
 */
export function facebookActionOf(event: TrackingEvent): FacebookAction | null {
  switch (event.name) {
    case 'page_view':
      return 'PageView';
    case 'sign_up':
      return 'CompleteRegistration';
    case 'purchase':
      return event.conversion === 'first_order' ? null : 'Purchase';
    default:
      return null;
  }
}

/** POST /third-party/facebook/conversion (spec §7). */
export function facebookSink(post: (body: FacebookConversionRequest) => void, newId: () => string): Sink {
  return {
    name: 'facebook',
    category: 'marketing',
    send({ event, url }) {
      const action = facebookActionOf(event);
      if (!action) return;
      if (event.name === 'purchase') {
        post({
          // One id per order: the same purchase reported again is counted once by Facebook.
          acToken: `purchase-${event.orderId}`,
          action,
          actionUrl: url,
          purchaseParamsRequest: {
            orderId: event.orderId,
            value: event.value,
            currency: event.currency,
            contentIds: [event.itemId],
          },
        });
      } else {
        post({ acToken: newId(), action, actionUrl: url });
      }
    },
  };
}
