import { describe, expect, it, vi } from 'vitest';
import { grantedCategories } from '../../../page-policy.mjs';
import { CONSENT_CHOSEN_ATTRIBUTE, consentBootScript, consentCookieText, cookieValue, readConsent } from './consent';
import { createEventLayer, type EmittedEvent, inFingerprintSample, pageUrlOf, type TrackingEvent } from './events';
import { facebookSink, loggerSink, logSink } from './sinks';
import { conversionEvents, layerTracker } from './tracking';

// The event layer (decision 0260) and the consent rule it applies (decision 0263).

function layerWith(consent: string | undefined, asks = true) {
  const logged: EmittedEvent[] = [];
  const logger = vi.fn();
  const facebook = vi.fn();
  const layer = createEventLayer({
    sinks: [logSink((_line, e) => logged.push(e)), loggerSink(logger), facebookSink(facebook, () => 'event-id-0001')],
    granted: () => grantedCategories(asks, consent),
    href: () => 'https://delitoon.example/detail/4?token=secret#top',
    now: () => new Date('2026-11-28T09:00:00Z'),
  });
  return { layer, logged, logger, facebook };
}

const pageView: TrackingEvent = { name: 'page_view', path: '/detail/4' };

describe('the event layer', () => {
  it('sends nothing out before consent on a brand that asks; the local log still sees it', () => {
    const { layer, logged, logger, facebook } = layerWith(undefined);
    layer.emit(pageView);
    expect(logged).toHaveLength(1);
    expect(logger).not.toHaveBeenCalled();
    expect(facebook).not.toHaveBeenCalled();
  });

  it('sends to each sink only with its category: measurement to the logger, marketing to Facebook', () => {
    const measured = layerWith('necessary.measurement');
    measured.layer.emit(pageView);
    expect(measured.logger).toHaveBeenCalledWith({
      logType: 'event',
      platform: 'WEB',
      date: '2026-11-28T09:00:00.000Z',
      url: 'https://delitoon.example/detail/4',
      action: 'page_view',
      data: { path: '/detail/4' },
    });
    expect(measured.facebook).not.toHaveBeenCalled();

    const marketing = layerWith('necessary.marketing');
    marketing.layer.emit(pageView);
    expect(marketing.logger).not.toHaveBeenCalled();
    expect(marketing.facebook).toHaveBeenCalledWith({
      acToken: 'event-id-0001',
      action: 'PageView',
      actionUrl: 'https://delitoon.example/detail/4',
    });
  });

  it('sends everything where the brand asks no consent', () => {
    const { layer, logger, facebook } = layerWith(undefined, false);
    layer.emit({ name: 'sign_up' });
    expect(logger).toHaveBeenCalledTimes(1);
    expect(facebook).toHaveBeenCalledWith(expect.objectContaining({ action: 'CompleteRegistration' }));
  });

  it('never sends a debug event to the logger or Facebook', () => {
    const { layer, logged, logger, facebook } = layerWith('necessary.measurement.marketing');
    layer.emit({ name: 'debug', message: 'a note' });
    expect(logged.map((e) => e.level)).toEqual(['debug']);
    expect(logger).not.toHaveBeenCalled();
    expect(facebook).not.toHaveBeenCalled();
  });

  it('reports a first order as first order and initial purchase, one Facebook purchase per order', () => {
    const { layer, logger, facebook } = layerWith('necessary.measurement.marketing');
    const tracker = layerTracker(layer);
    expect(conversionEvents(1)).toEqual(['first_order', 'initial_purchase']);
    expect(conversionEvents(2)).toEqual(['re_purchase']);
    for (const event of conversionEvents(1)) {
      tracker.track({ event, transactionId: '31', value: 499, currency: 'EUR', itemId: '4', itemName: '50 coins' });
    }
    expect(logger.mock.calls.map(([body]) => body.data.conversion)).toEqual(['first_order', 'initial_purchase']);
    expect(facebook).toHaveBeenCalledTimes(1);
    expect(facebook).toHaveBeenCalledWith({
      acToken: 'purchase-31',
      action: 'Purchase',
      actionUrl: 'https://delitoon.example/detail/4',
      purchaseParamsRequest: { orderId: 31, value: 499, currency: 'EUR', contentIds: ['4'] },
    });
  });

  it('keeps going when a sink throws', () => {
    const after = vi.fn();
    const layer = createEventLayer({
      sinks: [
        {
          name: 'broken',
          category: 'necessary',
          send: () => {
            throw new Error('down');
          },
        },
        loggerSink(after),
      ],
      granted: () => grantedCategories(false, undefined),
      href: () => 'https://delitoon.example/',
    });
    layer.emit(pageView);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('sends the page address without its query, within 2048 characters', () => {
    expect(pageUrlOf('https://delitoon.example/user/reset?token=secret#x')).toBe('https://delitoon.example/user/reset');
    expect(pageUrlOf(`https://delitoon.example/${'a'.repeat(3000)}`)).toHaveLength(2048);
  });

  it('samples 0.1 % of page views for fingerprint monitoring', () => {
    expect(inFingerprintSample(() => 0.0009)).toBe(true);
    expect(inFingerprintSample(() => 0.001)).toBe(false);
    expect(inFingerprintSample(() => 0.5)).toBe(false);
  });
});

describe('the consent cookie in the browser', () => {
  it('reads the choice among other cookies, and writes a necessary, site-wide cookie', () => {
    expect(readConsent('a=1; consent=necessary.measurement; b=2')).toEqual({ measurement: true, marketing: false });
    expect(readConsent('a=1')).toBeNull();
    expect(cookieValue('x=%E0', 'x')).toBeUndefined();
    expect(consentCookieText({ measurement: false, marketing: true }, true)).toBe(
      'consent=necessary.marketing; Path=/; Max-Age=15552000; SameSite=Lax; Secure',
    );
  });

  it('marks the page before its first paint only when a consent cookie is there', () => {
    const marked = (cookie: string) => {
      const attributes = new Map<string, string>();
      const document = { cookie, documentElement: { setAttribute: (n: string, v: string) => attributes.set(n, v) } };
      new Function('document', consentBootScript())(document);
      return attributes.has(CONSENT_CHOSEN_ATTRIBUTE);
    };
    expect(marked('consent=necessary')).toBe(true);
    expect(marked('a=1; consent=necessary.marketing')).toBe(true);
    expect(marked('a=1;consent=x')).toBe(true);
    expect(marked('')).toBe(false);
    expect(marked('noconsent=1; b=consent=2')).toBe(false);
  });
});
