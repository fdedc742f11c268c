import type { Db } from '../../db/client.js';
import { appleGuestMigrations } from '../../db/schema.js';

// Queries of `apple_guest_migrations`, which this module alone writes.

/** Records a guest's move; false when the guest had already moved (its key is the guest). */
export async function insertMigration(db: Db, values: typeof appleGuestMigrations.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(appleGuestMigrations)
    .values(values)
    .onConflictDoNothing()
    .returning({ guestId: appleGuestMigrations.guestId });
  return rows.length === 1;
}
