import {
  AppError,
  type ErrorCode,
  RESET_LINK_TTL_MS,
  SMS_CODE_TTL_MS,
  validateNewPassword,
  validatePassword,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import { mailText } from '../mail/templates.js';
import { smsText } from '../sms/templates.js';
import * as users from '../users/service.js';
import { check, codeHash, MAX_CODE_ATTEMPTS, newSixDigitCode, RESEND_INTERVAL_MS } from './codes.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { endAllSessions } from './sessions.js';
import { newOpaqueToken } from './tokens.js';

// Password change, and reset by a mailed link or a texted code (spec §2, §5, §8).

const RESET_REQUEST_INTERVAL_MS = 5 * 60_000;

export async function changePassword(
  ctx: MemberContext,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await users.findById(ctx, ctx.user.id);
  if (!user) throw new AppError('NOT_FOUND_USER');
  if (!user.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError('INCORRECT_PASSWORD');
  check(validateNewPassword(input.oldPassword, input.newPassword));
  check(validatePassword(input.newPassword));
  await users.update(ctx, user.id, { passwordHash: await hashPassword(input.newPassword) });
}

export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await users.findByEmail(ctx, email.trim());
  if (user?.status !== 'ACTIVE') throw new AppError('NOT_FOUND_USER');
  if (!user.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');
  const last = await repo.latestCodeForUpdate(ctx.db, user.id, 'RESET_LINK');
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESET_REQUEST_INTERVAL_MS) {
    throw new AppError('FREQUENT_REQUEST');
  }
  const uuid = newOpaqueToken();
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'RESET_LINK',
    codeHash: codeHash(ctx, user.id, uuid),
    expiresAt: new Date(ctx.now.getTime() + RESET_LINK_TTL_MS),
  });
  const webBaseUrl = ctx.services.webOrigins[0] ?? '';
  const link = `${webBaseUrl}/mail/resetPassword?userId=${user.id}&uuid=${encodeURIComponent(uuid)}`;
  await ctx.services.mailer.send({ to: user.email ?? '', ...mailText(ctx.brand, 'resetLink', { link }) });
}

export async function resetPassword(
  ctx: ServiceContext,
  input: { userId: number; uuid: string; newPassword: string },
): Promise<void> {
  check(validatePassword(input.newPassword));
  await withTransaction(ctx, async (tx) => {
    const user = await users.findById(tx, input.userId);
    if (!user || user.brandId !== tx.brand.id) throw new AppError('NOT_FOUND_USER');
    const code = await repo.latestCodeForUpdate(tx.db, user.id, 'RESET_LINK');
    if (!code || code.usedAt || code.codeHash !== codeHash(tx, user.id, input.uuid)) throw new AppError('UNKNOWN');
    if (code.expiresAt <= tx.now) throw new AppError('TIMEOUT');
    if (await verifyPassword(user.passwordHash, input.newPassword)) throw new AppError('EQUAL_PASSWORD');
    await repo.markCodeUsed(tx.db, code.id, tx.now);
    await users.update(tx, user.id, {
      passwordHash: await hashPassword(input.newPassword),
      failedLoginCount: 0,
      lockedUntil: null,
    });
    // A reset means the old password may be known to someone else: end every session.
    await endAllSessions(tx, user.id);
  });
}

// ——— by SMS ———

/** The active e-mail account holding a phone number (spec §5: phone reset only for those who gave one). */
async function smsUser(ctx: ServiceContext, phone: string): Promise<users.UserRow> {
  const user = await users.findByPhone(ctx, phone);
  if (user?.status !== 'ACTIVE' || !user.passwordHash) throw new AppError('NOT_FOUND_SMS_USER');
  return user;
}

/** Texts a 6-digit code valid 10 minutes; a new one may be asked for once a minute. */
export async function requestSmsReset(ctx: ServiceContext, phone: string): Promise<{ expiredAt: string }> {
  const user = await smsUser(ctx, phone);
  const last = await repo.latestCodeForUpdate(ctx.db, user.id, 'RESET_SMS');
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw new AppError('ALREADY_SEND_SMS');
  const code = newSixDigitCode();
  const expiresAt = new Date(ctx.now.getTime() + SMS_CODE_TTL_MS);
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'RESET_SMS',
    codeHash: codeHash(ctx, user.id, code),
    expiresAt,
  });
  await ctx.services.sms.send({ to: phone, text: smsText(ctx.brand, 'resetCode', { code }) });
  return { expiredAt: expiresAt.toISOString() };
}

/**
 * Checks the texted code and answers a reset pair (userId, uuid) for POST /auth/local/reset/password,
 * valid 10 minutes and once, like a mailed link.
 */
export async function verifySmsReset(
  ctx: ServiceContext,
  input: { phone: string; code: string },
): Promise<{ userId: number; uuid: string }> {
  const user = await smsUser(ctx, input.phone);
  type Outcome = { error: ErrorCode } | { error: null; uuid: string };
  const result = await withTransaction(ctx, async (tx): Promise<Outcome> => {
    const code = await repo.latestCodeForUpdate(tx.db, user.id, 'RESET_SMS');
    if (!code) return { error: 'INVALID_PARAMETER' };
    if (code.usedAt) return { error: 'ALREADY_USE_SMS' };
    if (code.expiresAt <= tx.now || code.attempts >= MAX_CODE_ATTEMPTS) return { error: 'EXPIRED_OTP' };
    if (code.codeHash !== codeHash(tx, user.id, input.code)) {
      await repo.countCodeAttempt(tx.db, code.id);
      return { error: 'INVALID_PARAMETER' };
    }
    await repo.markCodeUsed(tx.db, code.id, tx.now);
    const uuid = newOpaqueToken();
    await repo.insertCode(tx.db, {
      userId: user.id,
      purpose: 'RESET_LINK',
      codeHash: codeHash(tx, user.id, uuid),
      expiresAt: new Date(tx.now.getTime() + SMS_CODE_TTL_MS),
    });
    return { error: null, uuid };
  });
  // A wrong code is counted (committed) before it is refused.
  if (result.error) throw new AppError(result.error);
  return { userId: user.id, uuid: result.uuid };
}
