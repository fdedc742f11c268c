import { z } from 'zod';
import { ClientPlatform } from './enums.js';
import { Id, text } from './inputs.js';

// Measurement calls of spec §7: POST /api/logger (a client's log line; debug logs are never sent)
// and POST /third-party/facebook/conversion (a conversion passed on to a configured endpoint).
// Decisions 0260–0269.

/** The kinds of log line a client may send; `debug` is never sent (spec §7), so it is refused. */
export const LOG_TYPES = ['info', 'warn', 'error', 'event'] as const;
export const LogType = z.enum(LOG_TYPES);
export type LogType = z.infer<typeof LogType>;

/** Bounds of a log line: a field of `data` and the number of fields. */
export const LOGGER_LIMITS = { actionChars: 64, urlChars: 2048, dataKeys: 20, keyChars: 64, valueChars: 512 } as const;

/** An action or event name: letters, digits, `_ . : -`. */
const ActionName = z.string().regex(new RegExp(`^[\\w.:-]{1,${LOGGER_LIMITS.actionChars}}$`));

/** A page address the browser was on: http(s), bounded. */
const PageUrl = text(LOGGER_LIMITS.urlChars).refine((s) => /^https?:\/\//.test(s) && URL.canParse(s), {
  message: 'INVALID_PARAMETER',
});

const LogValue = z.union([text(LOGGER_LIMITS.valueChars), z.number().finite(), z.boolean(), z.null()]);

export const LogData = z
  .record(z.string().regex(new RegExp(`^[\\w.-]{1,${LOGGER_LIMITS.keyChars}}$`)), LogValue)
  .refine((data) => Object.keys(data).length <= LOGGER_LIMITS.dataKeys, { message: 'INVALID_PARAMETER' });
export type LogData = z.infer<typeof LogData>;

/**
 * POST /logger (spec §7: logType, platform, ip, date, url, action, data). `ip` is what the
 * browser believes its address is; the api records the address it trusts beside it (decision 0261).
 */
export const LoggerRequest = z.strictObject({
  logType: LogType,
  platform: ClientPlatform,
  ip: text(45).optional(),
  date: z.iso.datetime({ offset: true }),
  url: PageUrl,
  action: ActionName,
  data: LogData.default({}),
});
export type LoggerRequest = z.input<typeof LoggerRequest>;

export const LoggerAnswer = z.object({ logged: z.boolean() });
export type LoggerAnswer = z.infer<typeof LoggerAnswer>;

/** The Facebook standard events the web sends (decision 0262). */
export const FACEBOOK_ACTIONS = ['PageView', 'CompleteRegistration', 'Purchase'] as const;
export const FacebookAction = z.enum(FACEBOOK_ACTIONS);
export type FacebookAction = z.infer<typeof FacebookAction>;

/**
 * A purchase's figures as the web knows them: the member's paid order, its amount in the
 * currency's minor unit, and the coin product bought. The api checks them against the order.
 */
export const PurchaseParams = z.strictObject({
  orderId: Id,
  value: z.number().int().min(0).max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  contentIds: z
    .array(z.string().regex(/^[\w-]{1,64}$/))
    .max(10)
    .default([]),
});

/**
 * POST /third-party/facebook/conversion (spec §7: acToken, action, actionUrl, purchaseParamsRequest).
 * `acToken` is the browser's id of this one action, sent as Facebook's `event_id` so that the same
 * action counted twice is counted once (decision 0262); it is never a credential.
 */
export const FacebookConversionRequest = z
  .strictObject({
    acToken: z.string().regex(/^[\w-]{8,64}$/),
    action: FacebookAction,
    actionUrl: PageUrl,
    purchaseParamsRequest: PurchaseParams.optional(),
  })
  .refine((body) => (body.action === 'Purchase') === (body.purchaseParamsRequest !== undefined), {
    message: 'INVALID_PARAMETER',
    path: ['purchaseParamsRequest'],
  });
export type FacebookConversionRequest = z.input<typeof FacebookConversionRequest>;

/** SENT: the endpoint took it; SKIPPED: no endpoint configured; FAILED: the endpoint refused or did not answer. */
export const ConversionResult = z.enum(['SENT', 'SKIPPED', 'FAILED']);
export type ConversionResult = z.infer<typeof ConversionResult>;
export const FacebookConversionAnswer = z.object({ result: ConversionResult });
export type FacebookConversionAnswer = z.infer<typeof FacebookConversionAnswer>;
