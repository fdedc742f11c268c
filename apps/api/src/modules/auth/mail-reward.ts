import {
  AppError,
  DAY_MS,
  SIGNUP_MAIL_REWARD_COINS,
  SIGNUP_MAIL_REWARD_TYPE,
  SIGNUP_MAIL_REWARD_VALID_DAYS,
} from '@balcony/contracts';
import type { ServiceContext } from '../../context.js';
import * as wallet from '../wallet/service.js';

// The sign-up mail reward of spec §8 (docs/decisions/0164-sign-up-mail-reward.md): confirming
// the e-mail address of a new account credits 10 free coins, once per account. The key
// `signup-mail:{userId}` makes a second credit impossible whatever calls it.

/** The ledger key of an account's reward: at most one such movement exists. */
export const mailRewardKey = (userId: number) => `signup-mail:${userId}`;

/**
 * Credits the reward inside the confirmation's transaction, so that the account is opened with its
 * reward or not at all. A failure of the book (not the member's doing) answers UNKNOWN: the
 * confirmation is rolled back and may be tried again with the same code.
 */
export async function grantSignUpMailReward(ctx: ServiceContext, userId: number): Promise<boolean> {
  if (!ctx.inTransaction) throw new Error('the sign-up mail reward is granted inside the confirmation transaction');
  try {
    return await wallet.credit(ctx, {
      userId,
      ledger: SIGNUP_MAIL_REWARD_TYPE,
      amount: SIGNUP_MAIL_REWARD_COINS,
      source: 'EVENT',
      from: 'PROMOTION',
      key: mailRewardKey(userId),
      type: 'CHARGE',
      title: 'SIGNUP_MAIL_REWARD',
      expiresAt: new Date(ctx.now.getTime() + SIGNUP_MAIL_REWARD_VALID_DAYS * DAY_MS),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, userId }, 'sign-up mail reward failed');
    throw new AppError('UNKNOWN', { reason: 'sign-up mail reward not credited' });
  }
}
