import { AppError, type AuthResponse, HOUR_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@balcony/contracts';
import { type ServiceContext, withTransaction } from '../../context.js';
import * as users from '../users/service.js';
import { verifyPassword } from './passwords.js';
import { countSessionsSince, startSession } from './sessions.js';

/** At most this many new sessions per account per hour; more answer DUPLICATE_LOGIN (docs/decisions/0027-duplicate-login.md). */
const MAX_NEW_SESSIONS_PER_HOUR = 10;

/** E-mail login with the codes of spec §8, and the 5-failure lock of one hour. */
export async function login(ctx: ServiceContext, input: { email: string; password: string }): Promise<AuthResponse> {
  return startSession(ctx, await checkLocalLogin(ctx, input));
}

/**
 * The e-mail account these credentials open, checked as a login checks them (a failure counts
 * toward the lock and is kept), for a caller that then opens its session (login, the iOS guest's
 * move to a web account).
 */
export async function checkLocalLogin(
  ctx: ServiceContext,
  input: { email: string; password: string },
): Promise<users.UserRow> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError('INVALID_MAIL_FORM');
  if (input.password.length === 0) throw new AppError('INVALID_PASSWORD');
  // No valid password, old (6+) or new (8–20), falls outside 6–20 characters.
  if (input.password.length < 6 || input.password.length > 20) throw new AppError('INVALID_PW_REGEX');

  const found = await users.findByEmail(ctx, email);
  if (!found || found.status === 'PENDING') {
    if (!found && (await users.recentlyWithdrawn(ctx, email))) throw new AppError('WITHDRAWAL');
    throw new AppError('NOT_REGISTERED_USER');
  }
  if (found.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  if (!found.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');

  const outcome = await withTransaction(ctx, async (tx) => {
    const user = await users.lock(tx, found.id);
    if (!user) throw new AppError('NOT_REGISTERED_USER');
    if (user.lockedUntil && user.lockedUntil > tx.now) return 'locked' as const;
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      const failures = (user.lockedUntil ? 0 : user.failedLoginCount) + 1;
      await users.update(tx, user.id, {
        failedLoginCount: failures,
        lockedUntil: failures >= LOGIN_MAX_FAILURES ? new Date(tx.now.getTime() + LOGIN_LOCK_MS) : null,
      });
      return 'wrong' as const;
    }
    const recent = await countSessionsSince(tx, user.id, new Date(tx.now.getTime() - HOUR_MS));
    if (recent >= MAX_NEW_SESSIONS_PER_HOUR) return 'duplicate' as const;
    return users.update(tx, user.id, { failedLoginCount: 0, lockedUntil: null });
  });
  if (outcome === 'locked') throw new AppError('EXCEED_AUTH_COUNT');
  if (outcome === 'wrong') throw new AppError('INCORRECT_PASSWORD');
  if (outcome === 'duplicate') throw new AppError('DUPLICATE_LOGIN');
  return outcome;
}
