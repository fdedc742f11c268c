import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema.js';
import type { UserRow } from '../repo.js';

// Accounts by provider identity. `users` holds it in sns_provider + sns_id, unique per brand.

export async function findUserBySns(
  db: Db,
  brandId: string,
  provider: string,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.snsProvider, provider), eq(users.snsId, subject)));
  return row ?? null;
}

/**
 * Inserts a social account; null when a unique index refused it (the same provider account,
 * or the same e-mail, signed up meanwhile), so the caller decides what that means.
 */
export async function insertSocialUser(
  db: Db,
  values: Pick<
    typeof users.$inferInsert,
    'brandId' | 'snsProvider' | 'snsId' | 'email' | 'name' | 'nickname' | 'isAgreeMail' | 'signedUpAt'
  >,
): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, status: 'ACTIVE' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
