import { createHmac, randomInt } from 'node:crypto';
import { AppError, type ErrorCode } from '@balcony/contracts';
import type { ServiceContext } from '../../context.js';
import * as repo from './repo.js';

// What sign-up, login and password reset share: codes hashed with a pepper, and the spec §5
// validators' results turned into catalogue errors.

/** A fresh code may be requested again after this long (FREQUENT_REQUEST / ALREADY_SEND_SMS before). */
export const RESEND_INTERVAL_MS = 60_000;
/** Wrong tries before a code is spent (EXPIRED_OTP). */
export const MAX_CODE_ATTEMPTS = 5;

export function check(result: { ok: true } | { ok: false; code: ErrorCode }): void {
  if (!result.ok) throw new AppError(result.code);
}

/** A 6-digit code (spec §9). */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are hashed with the signing secret as pepper: a 6-digit code cannot be brute-forced from a dump. */
export function codeHash(ctx: ServiceContext, userId: number, code: string): string {
  return createHmac('sha256', ctx.services.tokens.settings.secret).update(`${userId}:${code}`).digest('hex');
}

/** Forgets every code of a withdrawing user. */
export async function forgetCodes(ctx: ServiceContext, userId: number): Promise<void> {
  await repo.deleteCodesOfUser(ctx.db, userId);
}
