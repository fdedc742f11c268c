import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  attendanceStamps,
  emoticonEntries,
  eventPrizes,
  eventRewards,
  events,
  eventThemes,
  rouletteSpins,
  rouletteTickets,
} from '../../db/schema.js';

// Queries of the events module's tables (events, event_themes, event_rewards, event_prizes,
// attendance_stamps, roulette_tickets, roulette_spins, emoticon_entries), which it alone writes.

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type RewardRow = typeof eventRewards.$inferSelect;
export type PrizeRow = typeof eventPrizes.$inferSelect;
export type ThemeRow = typeof eventThemes.$inferSelect;
export type SpinRow = typeof rouletteSpins.$inferSelect;
export type StampRow = typeof attendanceStamps.$inferSelect;

export async function findEvent(db: Db, brandId: string, eventId: number): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.brandId, brandId)));
  return row ?? null;
}

/** The brand's events running at `now`, soonest ending first. */
export function runningEvents(db: Db, brandId: string, now: Date) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.brandId, brandId), lte(events.startsAt, now), gt(events.endsAt, now)))
    .orderBy(asc(events.endsAt), asc(events.id));
}

/** Every event of the brand, newest start first (the console's list). */
export function allEvents(db: Db, brandId: string, limit: number) {
  return db
    .select()
    .from(events)
    .where(eq(events.brandId, brandId))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit);
}

export async function insertEvent(db: Db, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

export async function updateEvent(db: Db, eventId: number, values: Partial<NewEvent>): Promise<EventRow> {
  const [row] = await db.update(events).set(values).where(eq(events.id, eventId)).returning();
  if (!row) throw new Error('event update returned nothing');
  return row;
}

export async function lockEvent(db: Db, brandId: string, eventId: number): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.brandId, brandId)))
    .for('update');
  return row ?? null;
}

export function rewardsOf(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([] as RewardRow[]);
  return db
    .select()
    .from(eventRewards)
    .where(inArray(eventRewards.eventId, [...eventIds]))
    .orderBy(asc(eventRewards.id));
}

export function prizesOf(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([] as PrizeRow[]);
  return db
    .select()
    .from(eventPrizes)
    .where(inArray(eventPrizes.eventId, [...eventIds]))
    .orderBy(asc(eventPrizes.eventId), asc(eventPrizes.position));
}

/** Replaces an event's rewards and prizes (the console saves them as one list each). */
export async function replaceRewardsAndPrizes(
  db: Db,
  eventId: number,
  rewards: readonly Omit<typeof eventRewards.$inferInsert, 'eventId'>[],
  prizes: readonly Omit<typeof eventPrizes.$inferInsert, 'eventId'>[],
): Promise<void> {
  await db.delete(eventRewards).where(eq(eventRewards.eventId, eventId));
  await db.delete(eventPrizes).where(eq(eventPrizes.eventId, eventId));
  if (rewards.length > 0) await db.insert(eventRewards).values(rewards.map((r) => ({ ...r, eventId })));
  if (prizes.length > 0) await db.insert(eventPrizes).values(prizes.map((p) => ({ ...p, eventId })));
}

/** The brand's discount rewards of events not yet ended at `now`: their percent and period. */
export function discountWindows(db: Db, brandId: string, now: Date) {
  return db
    .select({ percent: eventRewards.percent, startsAt: events.startsAt, endsAt: events.endsAt })
    .from(eventRewards)
    .innerJoin(events, eq(events.id, eventRewards.eventId))
    .where(and(eq(events.brandId, brandId), eq(eventRewards.kind, 'discount'), gt(events.endsAt, now)));
}

/** The addEarn rewards of the brand's events running at `now`. */
export function runningAddEarnRewards(db: Db, brandId: string, now: Date) {
  return db
    .select({ reward: eventRewards, eventId: events.id })
    .from(eventRewards)
    .innerJoin(events, eq(events.id, eventRewards.eventId))
    .where(
      and(
        eq(events.brandId, brandId),
        eq(eventRewards.kind, 'addEarn'),
        lte(events.startsAt, now),
        gt(events.endsAt, now),
      ),
    )
    .orderBy(asc(eventRewards.id));
}

// ——— themes ———

export async function findTheme(db: Db, brandId: string, themeId: number): Promise<ThemeRow | null> {
  const [row] = await db
    .select()
    .from(eventThemes)
    .where(and(eq(eventThemes.id, themeId), eq(eventThemes.brandId, brandId)));
  return row ?? null;
}

export function themesOf(db: Db, themeIds: readonly number[]) {
  if (themeIds.length === 0) return Promise.resolve([] as ThemeRow[]);
  return db
    .select()
    .from(eventThemes)
    .where(inArray(eventThemes.id, [...themeIds]));
}

export function brandThemes(db: Db, brandId: string) {
  return db.select().from(eventThemes).where(eq(eventThemes.brandId, brandId)).orderBy(asc(eventThemes.id));
}

export async function insertTheme(db: Db, values: typeof eventThemes.$inferInsert): Promise<ThemeRow> {
  const [row] = await db.insert(eventThemes).values(values).returning();
  if (!row) throw new Error('theme insert returned nothing');
  return row;
}

// ——— attendance ———

export async function stampOn(db: Db, eventId: number, userId: number, day: string): Promise<StampRow | null> {
  const [row] = await db
    .select()
    .from(attendanceStamps)
    .where(
      and(eq(attendanceStamps.eventId, eventId), eq(attendanceStamps.userId, userId), eq(attendanceStamps.day, day)),
    );
  return row ?? null;
}

/** Today's stamp, unless one exists (null then: the unique key holds one stamp a day). */
export async function insertStamp(
  db: Db,
  values: { eventId: number; userId: number; day: string; streak: number },
): Promise<StampRow | null> {
  const [row] = await db.insert(attendanceStamps).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export function stampsOf(db: Db, eventId: number, userId: number) {
  return db
    .select({ day: attendanceStamps.day, streak: attendanceStamps.streak })
    .from(attendanceStamps)
    .where(and(eq(attendanceStamps.eventId, eventId), eq(attendanceStamps.userId, userId)))
    .orderBy(asc(attendanceStamps.day));
}

// ——— roulette tickets and spins ———

/** Tickets under keys not used yet (a retry of the same grant inserts none). Answers how many were new. */
export async function insertTickets(
  db: Db,
  rows: readonly {
    brandId: string;
    userId: number;
    source: typeof rouletteTickets.$inferInsert.source;
    sourceKey: string;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(rouletteTickets)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: rouletteTickets.id });
  return inserted.length;
}

export async function ticketsLeft(db: Db, brandId: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rouletteTickets)
    .where(
      and(eq(rouletteTickets.userId, userId), eq(rouletteTickets.brandId, brandId), isNull(rouletteTickets.usedAt)),
    );
  return row?.n ?? 0;
}

/** The member's oldest unused ticket of the brand, locked until the transaction ends. */
export async function lockOldestTicket(db: Db, brandId: string, userId: number) {
  const [row] = await db
    .select()
    .from(rouletteTickets)
    .where(
      and(eq(rouletteTickets.userId, userId), eq(rouletteTickets.brandId, brandId), isNull(rouletteTickets.usedAt)),
    )
    .orderBy(asc(rouletteTickets.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Marks a ticket used unless it already is: false then (a spin elsewhere had it). */
export async function useTicket(db: Db, ticketId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(rouletteTickets)
    .set({ usedAt: at })
    .where(and(eq(rouletteTickets.id, ticketId), isNull(rouletteTickets.usedAt)))
    .returning({ id: rouletteTickets.id });
  return rows.length === 1;
}

export async function insertSpin(db: Db, values: typeof rouletteSpins.$inferInsert): Promise<SpinRow> {
  const [row] = await db.insert(rouletteSpins).values(values).returning();
  if (!row) throw new Error('spin insert returned nothing');
  return row;
}

export async function spinByRequest(db: Db, userId: number, requestKey: string): Promise<SpinRow | null> {
  const [row] = await db
    .select()
    .from(rouletteSpins)
    .where(and(eq(rouletteSpins.userId, userId), eq(rouletteSpins.requestKey, requestKey)));
  return row ?? null;
}

export function spinsOf(db: Db, eventId: number, userId: number, limit: number) {
  return db
    .select()
    .from(rouletteSpins)
    .where(and(eq(rouletteSpins.eventId, eventId), eq(rouletteSpins.userId, userId)))
    .orderBy(desc(rouletteSpins.id))
    .limit(limit);
}

export function spinsOfEvent(db: Db, eventId: number, limit: number) {
  return db
    .select()
    .from(rouletteSpins)
    .where(eq(rouletteSpins.eventId, eventId))
    .orderBy(asc(rouletteSpins.id))
    .limit(limit);
}

// ——— emoticons ———

export async function insertReaction(
  db: Db,
  values: { eventId: number; userId: number; emoticon: typeof emoticonEntries.$inferInsert.emoticon },
) {
  const [row] = await db.insert(emoticonEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function reactionOf(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select()
    .from(emoticonEntries)
    .where(and(eq(emoticonEntries.eventId, eventId), eq(emoticonEntries.userId, userId)));
  return row ?? null;
}

export function reactionCounts(db: Db, eventId: number) {
  return db
    .select({ emoticon: emoticonEntries.emoticon, count: count() })
    .from(emoticonEntries)
    .where(eq(emoticonEntries.eventId, eventId))
    .groupBy(emoticonEntries.emoticon);
}

/** How many members took part in each event (stamps, spins or reactions), for the console. */
export async function participants(db: Db, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select event_id, count(distinct user_id)::int as n from (
      select event_id, user_id from ${attendanceStamps} where event_id in (${ids})
      union all select event_id, user_id from ${rouletteSpins} where event_id in (${ids})
      union all select event_id, user_id from ${emoticonEntries} where event_id in (${ids})
    ) p group by event_id`);
  const { rows } = result as unknown as { rows: { event_id: number | string; n: number | string }[] };
  return new Map(rows.map((r) => [Number(r.event_id), Number(r.n)]));
}
