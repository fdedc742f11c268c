import type { ConversionResult } from '@balcony/contracts';
import type { BaseLogger } from 'pino';

// The Facebook conversion endpoint (spec §7 POST /third-party/facebook/conversion; decision 0262):
// one server-side event per call, posted as the Conversions API takes it to the configured address
// (FACEBOOK_CONVERSION_URL, e.g. https://graph.facebook.com/v23.0/{pixel}/events) with its token.
// Without both settings nothing leaves the api.

export interface TrackingSettings {
  /** The endpoint and its access token; undefined sends nothing. */
  facebook: { url: string; token: string } | undefined;
  /** Log lines and conversions one client address may send a minute. */
  perMinute: number;
}

/** One event as the Conversions API takes it (the fields we send). */
export interface ConversionEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  event_source_url: string;
  action_source: 'website';
  user_data: { client_ip_address: string; client_user_agent?: string; external_id?: string[] };
  custom_data?: { value: number; currency: string; order_id: string; content_ids: string[]; content_type: 'product' };
}

export interface ConversionSender {
  send(event: ConversionEvent): Promise<ConversionResult>;
}

const POST_TIMEOUT_MS = 5000;

export function createConversionSender(
  settings: TrackingSettings['facebook'],
  log: Pick<BaseLogger, 'warn'>,
): ConversionSender {
  if (!settings) return { send: async () => 'SKIPPED' };
  return {
    async send(event) {
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: [event], access_token: settings.token }),
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
          redirect: 'error',
        });
        // The answer is not read further: it may echo what was sent, the token included.
        await response.body?.cancel();
        if (response.ok) return 'SENT';
        log.warn({ status: response.status, event: event.event_name }, 'conversion endpoint refused an event');
        return 'FAILED';
      } catch (err) {
        log.warn(
          { cause: err instanceof Error ? err.name : 'unknown', event: event.event_name },
          'conversion endpoint unreachable',
        );
        return 'FAILED';
      }
    },
  };
}
