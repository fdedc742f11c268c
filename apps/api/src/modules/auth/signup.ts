import {
  AppError,
  type AuthResponse,
  OTP_TTL_MS,
  validatePassword,
  validatePasswordConfirmation,
  validateSignUpEmail,
} from '@balcony/contracts';
import { type ServiceContext, withTransaction } from '../../context.js';
import * as gifts from '../gifts/service.js';
import { mailText } from '../mail/templates.js';
import * as users from '../users/service.js';
import { check, codeHash, MAX_CODE_ATTEMPTS, newSixDigitCode, RESEND_INTERVAL_MS } from './codes.js';
import { grantSignUpMailReward } from './mail-reward.js';
import { hashPassword } from './passwords.js';
import * as repo from './repo.js';
import { startSession } from './sessions.js';

// E-mail sign-up: a PENDING account, one attempt per sign-up with its own credentials, and a
// mailed 6-digit code that opens the account with the credentials of the attempt that sent it.

async function sendSignUpCode(ctx: ServiceContext, user: users.UserRow, attemptId: number): Promise<void> {
  const code = newSixDigitCode();
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'SIGNUP_OTP',
    codeHash: codeHash(ctx, user.id, code),
    expiresAt: new Date(ctx.now.getTime() + OTP_TTL_MS),
    signUpAttemptId: attemptId,
  });
  const mail = mailText(ctx.brand, 'signupCode', { code });
  await ctx.services.mailer.send({ to: user.email ?? '', ...mail });
}

/**
 * Starts a sign-up attempt. A pending account's credentials are never replaced: each attempt keeps
 * its own password until its code, mailed to the address, opens the account with it.
 */
export async function signUp(
  ctx: ServiceContext,
  input: {
    email: string;
    password: string;
    passwordConfirm: string;
    agreeMail?: boolean | undefined;
    phone?: string | undefined;
  },
): Promise<{ userId: number; email: string; signUpId: number }> {
  const email = input.email.trim();
  check(validateSignUpEmail(email));
  check(validatePassword(input.password));
  check(validatePasswordConfirmation(input.password, input.passwordConfirm));

  await users.forgetExpiredWithdrawals(ctx);
  if (await users.recentlyWithdrawn(ctx, email)) throw new AppError('DELETED_USER');

  const existing = await users.findByEmail(ctx, email);
  if (existing) {
    if (existing.snsProvider) throw new AppError('ALREADY_USED_ANOTHER_PLATFORM');
    if (existing.status !== 'PENDING') throw new AppError('ALREADY_USED_EMAIL');
  }
  const phone = input.phone ?? null;
  if (phone) await phoneIsFree(ctx, phone, existing?.id);
  const passwordHash = await hashPassword(input.password);
  const user =
    existing ?? (await users.create(ctx, { brandId: ctx.brand.id, email, status: 'PENDING', isAgreeMail: false }));
  const attempt = await repo.insertSignUpAttempt(ctx.db, {
    userId: user.id,
    passwordHash,
    isAgreeMail: input.agreeMail ?? false,
    phone,
  });
  await sendSignUpCode(ctx, user, attempt.id);
  return { userId: user.id, email, signUpId: attempt.id };
}

/**
 * One account per number and brand (INVALID_PARAMETER when an active one holds it); an unverified
 * sign-up does not hold its number, so a pending holder loses it.
 */
async function phoneIsFree(ctx: ServiceContext, phone: string, userId: number | undefined): Promise<void> {
  const holder = await users.findByPhone(ctx, phone);
  if (!holder || holder.id === userId) return;
  if (holder.status !== 'PENDING') throw new AppError('INVALID_PARAMETER');
  await users.update(ctx, holder.id, { phone: null });
}

async function pendingUser(ctx: ServiceContext, userId: number): Promise<users.UserRow> {
  const user = await users.findById(ctx, userId);
  if (!user || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  // Spec §8 sign-up mail: a withdrawn account, or one signed up with a provider (no address
  // confirmed here), is not eligible; an open e-mail account has confirmed and been rewarded.
  if (user.status === 'WITHDRAWN' || user.snsProvider) throw new AppError('INVALID_USER');
  if (user.status !== 'PENDING') throw new AppError('ALREADY_AUTH_MAIL');
  return user;
}

export async function resendSignUpCode(
  ctx: ServiceContext,
  input: { userId: number; signUpId?: number | undefined },
): Promise<void> {
  const user = await pendingUser(ctx, input.userId);
  const attempt = await repo.findSignUpAttempt(ctx.db, user.id, input.signUpId);
  if (!attempt) throw new AppError('INVALID_PARAMETER');
  const last = await repo.latestAttemptCodeForUpdate(ctx.db, attempt.id);
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw new AppError('FREQUENT_REQUEST');
  await sendSignUpCode(ctx, user, attempt.id);
}

export async function verifySignUp(
  ctx: ServiceContext,
  input: { userId: number; signUpId: number; code: string },
): Promise<AuthResponse> {
  const user = await pendingUser(ctx, input.userId);
  const activated = await withTransaction(ctx, async (tx) => {
    // Two attempts verified at once: the first to lock the account opens it, the other finds it open.
    const locked = await users.lock(tx, user.id);
    if (locked?.status !== 'PENDING') throw new AppError('ALREADY_AUTH_MAIL');
    const attempt = await repo.findSignUpAttempt(tx.db, user.id, input.signUpId);
    if (!attempt) throw new AppError('INVALID_PARAMETER');
    const code = await repo.latestAttemptCodeForUpdate(tx.db, attempt.id);
    if (!code || code.usedAt) throw new AppError('INVALID_PARAMETER');
    if (code.expiresAt <= tx.now || code.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('EXPIRED_OTP');
    if (code.codeHash !== codeHash(tx, user.id, input.code)) {
      await repo.countCodeAttempt(tx.db, code.id);
      return null;
    }
    if (attempt.phone) await phoneIsFree(tx, attempt.phone, user.id);
    // The other attempts, and their codes, die with this one.
    await repo.deleteSignUpAttempts(tx.db, user.id);
    const opened = await users.update(tx, user.id, {
      status: 'ACTIVE',
      passwordHash: attempt.passwordHash,
      isAgreeMail: attempt.isAgreeMail,
      phone: attempt.phone,
      emailVerifiedAt: tx.now,
      signedUpAt: tx.now,
    });
    // The confirmed address: gifts sent to it wait for this account, and its reward is due.
    await gifts.attachMailGifts(tx, opened);
    await grantSignUpMailReward(tx, opened.id);
    return opened;
  });
  // A wrong code is counted (committed) before it is refused.
  if (!activated) throw new AppError('INVALID_PARAMETER');
  return startSession(ctx, activated);
}
