import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { maintenanceSwitches } from '../../db/schema.js';

// The maintenance switches (spec §2 /prepare): one row per brand, and '*' for every brand.

export type SwitchRow = typeof maintenanceSwitches.$inferSelect;

export function allSwitches(db: Db): Promise<SwitchRow[]> {
  return db.select().from(maintenanceSwitches);
}

export async function lockSwitch(db: Db, scope: string): Promise<SwitchRow | null> {
  const [row] = await db.select().from(maintenanceSwitches).where(eq(maintenanceSwitches.scope, scope)).for('update');
  return row ?? null;
}

export async function saveSwitch(db: Db, row: SwitchRow): Promise<void> {
  await db
    .insert(maintenanceSwitches)
    .values(row)
    .onConflictDoUpdate({
      target: maintenanceSwitches.scope,
      set: { active: row.active, endsAt: row.endsAt, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    });
}
