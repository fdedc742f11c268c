import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

// Aggregates for the console's dashboards (issue 15 item 7, decision 0234). This repo READS other
// modules' tables (orders, ledger_transfers, episode_purchases, reading_progress, freetime_uses,
// coupon_users, refresh_tokens) to sum them, and NEVER writes: every table stays its owner's to
// change. The sums are plain SQL over indexed time columns, cut into days of one time zone.

/** What every report is cut by: the brands summed, the first and last day, and the zone of those days. */
export interface ReportScope {
  brandIds: readonly string[];
  /** YYYY-MM-DD, both included, days of `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
}

/** Brand ids as one `text[]` parameter (they are `[a-z0-9-]+`, checked by the contract). */
const brandsOf = (scope: ReportScope) => sql`${`{${scope.brandIds.join(',')}}`}::text[]`;
/** The instant the first day begins, and the one after the last day ends, in the scope's zone. */
const startOf = (scope: ReportScope) => sql`(${scope.from}::date::timestamp at time zone ${scope.timeZone})`;
const endOf = (scope: ReportScope) => sql`((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`;
/** `column` falls in the scope's days. */
const within = (column: SQL, scope: ReportScope) => sql`${column} >= ${startOf(scope)} and ${column} < ${endOf(scope)}`;
/** The day of the scope's zone that `column` falls on, as YYYY-MM-DD. */
const dayOf = (column: SQL, scope: ReportScope) => sql`to_char(${column} at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Orders paid per day and currency (those refunded since count too: they were paid that day). */
export function paidOrdersByDay(db: Db, scope: ReportScope) {
  return rows<{
    day: string;
    currency: string;
    orders: number;
    amount: number;
    coins: number;
    bonusCoins: number;
    freeCoins: number;
  }>(
    db,
    sql`select ${dayOf(sql`o.paid_at`, scope)} as day, o.currency,
               count(*)::int as orders, sum(o.amount)::float8 as amount, sum(o.coins)::float8 as coins,
               sum(o.bonus_coins)::float8 as "bonusCoins", sum(o.free_coins)::float8 as "freeCoins"
          from orders o
         where o.brand_id = any(${brandsOf(scope)}) and o.status in ('PAID', 'REFUNDED')
           and ${within(sql`o.paid_at`, scope)}
         group by 1, 2
         order by 1, 2`,
  );
}

/** Orders refunded per day and currency, and what was given back. */
export function refundsByDay(db: Db, scope: ReportScope) {
  return rows<{ day: string; currency: string; refunds: number; refundedAmount: number }>(
    db,
    sql`select ${dayOf(sql`o.refunded_at`, scope)} as day, o.currency,
               count(*)::int as refunds, sum(o.amount)::float8 as "refundedAmount"
          from orders o
         where o.brand_id = any(${brandsOf(scope)}) and o.status = 'REFUNDED'
           and ${within(sql`o.refunded_at`, scope)}
         group by 1, 2
         order by 1, 2`,
  );
}

/**
 * Coins spent on each series' episodes (USE transfers of episode purchases of the brands) and its
 * readers (members of the brands whose position in it moved), the most coins first. The title is
 * the one `titleBrandId` shows, else the original.
 */
export function seriesFigures(db: Db, scope: ReportScope, titleBrandId: string, limit: number) {
  return rows<{
    seriesId: number;
    title: string;
    coins: number;
    paidCoins: number;
    purchases: number;
    buyers: number;
    readers: number;
  }>(
    db,
    sql`with spent as (
          select p.series_id, sum(t.amount)::float8 as coins,
                 coalesce(sum(t.amount) filter (where t.ledger = 'COIN'), 0)::float8 as paid_coins,
                 count(distinct p.id)::int as purchases, count(distinct p.user_id)::int as buyers
            from ledger_transfers t
            join episode_purchases p on p.id = t.purchase_id
           where t.type = 'USE' and p.brand_id = any(${brandsOf(scope)}) and ${within(sql`t.created_at`, scope)}
           group by p.series_id
        ), reading as (
          select rp.series_id, count(distinct rp.user_id)::int as readers
            from reading_progress rp
            join users u on u.id = rp.user_id
           where u.brand_id = any(${brandsOf(scope)}) and ${within(sql`rp.updated_at`, scope)}
           group by rp.series_id
        )
        select s.id as "seriesId",
               coalesce((select sb.title from series_brands sb where sb.series_id = s.id and sb.brand_id = ${titleBrandId}),
                        s.title) as title,
               coalesce(spent.coins, 0)::float8 as coins, coalesce(spent.paid_coins, 0)::float8 as "paidCoins",
               coalesce(spent.purchases, 0)::int as purchases, coalesce(spent.buyers, 0)::int as buyers,
               coalesce(reading.readers, 0)::int as readers
          from spent
          full join reading on reading.series_id = spent.series_id
          join series s on s.id = coalesce(spent.series_id, reading.series_id)
         order by 3 desc, 7 desc, 1
         limit ${limit}`,
  );
}

/**
 * Members active per day: who read (a reading position moved, a wait-until-free ticket opened an
 * episode), bought (an episode purchase, a paid order) or began or renewed a session (a refresh
 * token issued at login or refresh). Each member counts once per day in `active`.
 */
export function activeMembersByDay(db: Db, scope: ReportScope) {
  const brands = brandsOf(scope);
  return rows<{ day: string; active: number; readers: number; buyers: number; sessions: number }>(
    db,
    sql`with activity as (
          select rp.user_id, rp.updated_at as at, 'read' as kind
            from reading_progress rp join users u on u.id = rp.user_id
           where u.brand_id = any(${brands}) and ${within(sql`rp.updated_at`, scope)}
          union all
          select f.user_id, f.used_at, 'read' from freetime_uses f
           where f.brand_id = any(${brands}) and ${within(sql`f.used_at`, scope)}
          union all
          select p.user_id, p.created_at, 'buy' from episode_purchases p
           where p.brand_id = any(${brands}) and ${within(sql`p.created_at`, scope)}
          union all
          select o.user_id, o.paid_at, 'buy' from orders o
           where o.brand_id = any(${brands}) and o.status in ('PAID', 'REFUNDED') and ${within(sql`o.paid_at`, scope)}
          union all
          select r.user_id, r.created_at, 'session'
            from refresh_tokens r join users u on u.id = r.user_id
           where u.brand_id = any(${brands}) and ${within(sql`r.created_at`, scope)}
        )
        select ${dayOf(sql`at`, scope)} as day,
               count(distinct user_id)::int as active,
               count(distinct user_id) filter (where kind = 'read')::int as readers,
               count(distinct user_id) filter (where kind = 'buy')::int as buyers,
               count(distinct user_id) filter (where kind = 'session')::int as sessions
          from activity
         group by 1
         order by 1`,
  );
}

/** Wait-until-free tickets used per day. */
export function freetimeUsesByDay(db: Db, scope: ReportScope) {
  return rows<{ day: string; uses: number; members: number; series: number }>(
    db,
    sql`select ${dayOf(sql`f.used_at`, scope)} as day, count(*)::int as uses,
               count(distinct f.user_id)::int as members, count(distinct f.series_id)::int as series
          from freetime_uses f
         where f.brand_id = any(${brandsOf(scope)}) and ${within(sql`f.used_at`, scope)}
         group by 1
         order by 1`,
  );
}

/** Coupons registered per day (coupons of the brands). */
export function couponRegistrationsByDay(db: Db, scope: ReportScope) {
  return rows<{ day: string; registrations: number; members: number; coupons: number }>(
    db,
    sql`select ${dayOf(sql`cu.registered_at`, scope)} as day, count(*)::int as registrations,
               count(distinct cu.user_id)::int as members, count(distinct cu.coupon_id)::int as coupons
          from coupon_users cu
          join coupons c on c.id = cu.coupon_id
         where c.brand_id = any(${brandsOf(scope)}) and ${within(sql`cu.registered_at`, scope)}
         group by 1
         order by 1`,
  );
}
