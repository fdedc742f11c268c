import { z } from 'zod';
import { ErrorCode } from './errors.js';

// The response envelope of spec §7 / DESIGN §3.

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ result: z.literal('SUCCESS'), data });

export const FailEnvelope = z.object({
  result: z.literal('FAIL'),
  code: ErrorCode,
  message: z.string(),
});
export type FailEnvelope = z.infer<typeof FailEnvelope>;

export type Envelope<T> = { result: 'SUCCESS'; data: T } | FailEnvelope;

/** Headers every request to /api/v1 carries (spec §7). */
export const API_HEADERS = {
  brand: 'x-balcony-id',
  timeZone: 'x-balcony-timeZone',
  platform: 'x-platform',
} as const;

export const API_BASE = '/api/v1';
