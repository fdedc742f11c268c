import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identityAttempts } from '../../db/schema.js';

// Queries of `identity_attempts`, which this module alone writes.

export type IdentityAttemptRow = typeof identityAttempts.$inferSelect;

export async function insertAttempt(db: Db, values: typeof identityAttempts.$inferInsert): Promise<void> {
  await db.insert(identityAttempts).values(values);
}

/** The attempt, locked until the transaction ends: two callbacks with one result wait for each other. */
export async function lockAttempt(db: Db, id: string): Promise<IdentityAttemptRow | null> {
  const [row] = await db.select().from(identityAttempts).where(eq(identityAttempts.id, id)).for('update');
  return row ?? null;
}

export async function consumeAttempt(db: Db, id: string, at: Date): Promise<void> {
  await db.update(identityAttempts).set({ consumedAt: at }).where(eq(identityAttempts.id, id));
}
