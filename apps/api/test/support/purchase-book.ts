import { randomUUID } from 'node:crypto';
import type { CoinType } from '@balcony/contracts';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../src/context.js';
import type { Db } from '../../src/db/client.js';
import * as wallet from '../../src/modules/wallet/service.js';

// What the PostgreSQL concurrency and crash tests check besides `wallet.checkLedger`: that every
// episode purchase is whole (its ownerships and its USE transfers are there, and nothing refers
// to a purchase that is not), and a way to give a member coins without the shop.

/** Gives a member coins as an admin would (ADMIN_CHARGE), in its own transaction. */
export async function giveCoins(
  ctx: ServiceContext,
  userId: number,
  amount: number,
  opts: { ledger?: CoinType; expiresAt?: Date | null } = {},
): Promise<void> {
  const applied = await wallet.credit(ctx, {
    userId,
    ledger: opts.ledger ?? 'COIN',
    amount,
    source: 'ADMIN',
    from: 'ADJUSTED',
    key: `test-credit:${randomUUID()}`,
    type: 'CHARGE',
    title: 'ADMIN_CHARGE',
    expiresAt: opts.expiresAt ?? null,
    note: 'concurrency test',
  });
  if (!applied) throw new Error('credit not applied');
}

const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * Half-done purchases; every list empty means each purchase row has an ownership per episode and
 * USE transfers adding up to its price, and every ownership or transfer that names a purchase has it.
 */
export async function halfDonePurchases(db: Db) {
  const [withoutOwnerships, unpaid, orphanOwnerships, orphanTransfers] = await Promise.all([
    rows(
      db,
      sql`select p.id, p.episode_ids
            from episode_purchases p
           where exists (select 1 from unnest(p.episode_ids) as e(id)
                          where not exists (select 1 from ownerships o
                                             where o.order_ref = 'purchase:' || p.id
                                               and o.episode_id = e.id and o.user_id = p.user_id))`,
    ),
    rows(
      db,
      sql`select p.id, p.price, coalesce(sum(t.amount), 0)::int as paid
            from episode_purchases p
            left join ledger_transfers t on t.purchase_id = p.id and t.type = 'USE'
           group by p.id
          having coalesce(sum(t.amount), 0) <> p.price`,
    ),
    rows(
      db,
      sql`select o.id, o.order_ref
            from ownerships o
           where o.order_ref like 'purchase:%'
             and not exists (select 1 from episode_purchases p where 'purchase:' || p.id = o.order_ref)`,
    ),
    rows(
      db,
      sql`select t.id, t.key, t.purchase_id
            from ledger_transfers t
           where (t.purchase_id is not null or t.key like 'purchase:%')
             and not exists (select 1 from episode_purchases p
                              where p.id = t.purchase_id and t.key like 'purchase:' || p.id || ':%')`,
    ),
  ]);
  return { withoutOwnerships, unpaid, orphanOwnerships, orphanTransfers };
}

export const NOTHING_HALF_DONE = { withoutOwnerships: [], unpaid: [], orphanOwnerships: [], orphanTransfers: [] };
export const LEDGER_CLEAN = { unbalanced: [], accounts: [], lots: [], members: [] };

/**
 * A member's coins as the book holds them (credits − debits of their accounts), every type that
 * pays for episodes: points (MILEAGE) are not coins, as in GET /coin's `total`.
 */
export async function bookBalance(db: Db, userId: number): Promise<number> {
  const [row] = await rows(
    db,
    sql`select coalesce(sum(credits - debits), 0)::int as balance from ledger_accounts
         where user_id = ${userId} and ledger <> 'MILEAGE'`,
  );
  return Number(row?.balance ?? 0);
}

/** The number of the member's purchase rows and what they cost in total. */
export async function purchasesOf(db: Db, userId: number): Promise<{ count: number; spent: number }> {
  const [row] = await rows(
    db,
    sql`select count(*)::int as n, coalesce(sum(price), 0)::int as spent from episode_purchases where user_id = ${userId}`,
  );
  return { count: Number(row?.n ?? 0), spent: Number(row?.spent ?? 0) };
}
