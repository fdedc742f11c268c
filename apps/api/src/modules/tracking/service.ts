import { createHash } from 'node:crypto';
import {
  AppError,
  type FacebookConversionAnswer,
  type FacebookConversionRequest,
  type LoggerAnswer,
  type LoggerRequest,
} from '@balcony/contracts';
import type { z } from 'zod';
import type { MemberContext, ServiceContext } from '../../context.js';
import { getOrder } from '../shop/service.js';
import type { ConversionEvent, ConversionSender } from './facebook.js';

// Measurement of spec §7 (decisions 0261, 0262): a client's log line is written to the api's own
// log, never to a table; a conversion is passed on to the configured endpoint, a purchase only for
// the caller's own paid order and with the order's own figures.

type LogLine = z.output<typeof LoggerRequest>;
type Conversion = z.output<typeof FacebookConversionRequest>;

/** What the reader's browser says about itself, beside what the api knows. */
export interface ClientHints {
  userAgent: string | undefined;
}

/**
 * POST /logger: one line in the api's log with the brand, the trusted address and the member.
 * A client's `error` is logged as a warning: a browser's trouble is not the api's failure.
 */
export function writeClientLog(ctx: ServiceContext, input: LogLine): LoggerAnswer {
  const line = {
    client: {
      logType: input.logType,
      platform: input.platform,
      action: input.action,
      url: input.url,
      date: input.date,
      claimedIp: input.ip,
      data: input.data,
    },
    brand: ctx.brand.id,
    clientIp: ctx.clientIp,
    userId: ctx.user?.id ?? null,
  };
  if (input.logType === 'warn' || input.logType === 'error') ctx.log.warn(line, 'client log');
  else ctx.log.info(line, 'client log');
  return { logged: true };
}

/** The member as Facebook may know them: a hash that names no one outside this brand's book. */
function externalId(ctx: ServiceContext): string[] | undefined {
  if (!ctx.user) return undefined;
  return [createHash('sha256').update(`${ctx.brand.id}:${ctx.user.id}`).digest('hex')];
}

async function purchaseData(
  ctx: ServiceContext,
  params: NonNullable<Conversion['purchaseParamsRequest']>,
): Promise<ConversionEvent['custom_data']> {
  if (!ctx.user) throw new AppError('NOT_LOGIN_USER');
  // Another member's order, or one that does not exist, answers NOT_EXIST (shop's own check).
  const order = await getOrder(ctx as MemberContext, params.orderId);
  if (order.status !== 'PAID' || order.amount !== params.value || order.currency !== params.currency) {
    throw new AppError('INVALID_PARAMETER');
  }
  return {
    value: order.amount / 10 ** ctx.brand.currencyMinorUnits,
    currency: order.currency,
    order_id: String(order.id),
    content_ids: params.contentIds.length > 0 ? params.contentIds : [String(order.productId)],
    content_type: 'product',
  };
}

/** POST /third-party/facebook/conversion. */
export async function sendConversion(
  ctx: ServiceContext,
  sender: ConversionSender,
  input: Conversion,
  hints: ClientHints,
): Promise<FacebookConversionAnswer> {
  const customData = input.purchaseParamsRequest ? await purchaseData(ctx, input.purchaseParamsRequest) : undefined;
  const userData: ConversionEvent['user_data'] = { client_ip_address: ctx.clientIp };
  if (hints.userAgent) userData.client_user_agent = hints.userAgent.slice(0, 512);
  const external = externalId(ctx);
  if (external) userData.external_id = external;
  const event: ConversionEvent = {
    event_name: input.action,
    event_time: Math.floor(ctx.now.getTime() / 1000),
    event_id: input.acToken,
    event_source_url: input.actionUrl,
    action_source: 'website',
    user_data: userData,
    ...(customData && { custom_data: customData }),
  };
  return { result: await sender.send(event) };
}
