import { randomBytes } from 'node:crypto';
import {
  type AdminEvent,
  type AdminEventList,
  type AdminRouletteAudit,
  AppError,
  type AttendanceResult,
  type AttendanceState,
  type CoinType,
  DAY_MS,
  Emoticon,
  type EmoticonRequest,
  type EmoticonResult,
  EVENT_DAYS_MAX,
  type EventDetail,
  type EventGain,
  type EventInput,
  type EventList,
  type EventSummary,
  type EventTheme,
  type EventThemeInput,
  type EventThemeList,
  type RewardType,
  type RouletteSpin,
  type RouletteTicketSource,
  type RouletteTickets,
  type SpinRequest,
  type SpinResult,
  type TicketGrantRequest,
  type TicketGrantResult,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, readAll, type ServiceContext, withTransaction } from '../../context.js';
import { recordAction } from '../admin/service.js';
import { mediaUrl } from '../catalog/service.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';
import {
  addEarnAmount,
  audienceRefusal,
  combinedDiscount,
  currentStreak,
  dayIn,
  drawIndex,
  periodRefusal,
  previousDay,
  rewardExpiresAt,
  rewardsForReaction,
  rewardsForStamp,
  seedHash,
  spinSeed,
  streakAfter,
} from './rules.js';

// Events (spec §2 /event, /roulette, /benefit; docs/decisions/0240–0249). Every reward is a
// wallet credit or roulette tickets under a key naming what earned it, written in the
// transaction of the stamp, spin or reaction, after the member's wallet is locked: a double
// click or a second tab waits, then finds the stamp, ticket or reaction already there.

/** Spins of a member shown with an event. */
const SPINS_SHOWN = 20;
/** Events the console lists, and spins an audit answers. */
const ADMIN_EVENTS_MAX = 200;
const AUDIT_SPINS_MAX = 10_000;

function toTheme(row: repo.ThemeRow): EventTheme {
  return {
    id: row.id,
    name: row.name,
    primaryColor: row.primaryColor,
    accentColor: row.accentColor,
    bannerUrl: row.bannerKey ? mediaUrl(row.bannerKey) : null,
  };
}

function toSpin(row: repo.SpinRow): RouletteSpin {
  return {
    id: row.id,
    ticketId: row.ticketId,
    prizeIndex: row.prizeIndex,
    prize: { type: row.prizeType, amount: row.prizeAmount },
    seed: row.seed,
    weights: row.weights,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Events with their theme, rewards and prizes, in the order given. */
async function summaries(ctx: ServiceContext, rows: readonly repo.EventRow[]): Promise<EventSummary[]> {
  const ids = rows.map((e) => e.id);
  const themeIds = [...new Set(rows.flatMap((e) => (e.themeId === null ? [] : [e.themeId])))];
  const [rewards, prizes, themes] = await readAll(ctx, [
    () => repo.rewardsOf(ctx.db, ids),
    () => repo.prizesOf(ctx.db, ids),
    () => repo.themesOf(ctx.db, themeIds),
  ] as const);
  const themeById = new Map(themes.map((t) => [t.id, toTheme(t)]));
  return rows.map((e) => {
    const wheel = prizes.filter((p) => p.eventId === e.id);
    const total = wheel.reduce((s, p) => s + p.weight, 0);
    return {
      id: e.id,
      kind: e.kind,
      title: e.title,
      description: e.description,
      audience: e.audience,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt.toISOString(),
      theme: e.themeId === null ? null : (themeById.get(e.themeId) ?? null),
      rewards: rewards
        .filter((r) => r.eventId === e.id)
        .map((r) => ({
          kind: r.kind,
          type: r.type,
          amount: r.amount,
          percent: r.percent,
          streakDays: r.streakDays,
          validDays: r.validDays,
        })),
      prizes: wheel.map((p) => ({
        index: p.position,
        type: p.type,
        amount: p.amount,
        weight: p.weight,
        chance: total > 0 ? p.weight / total : 0,
      })),
    };
  });
}

/** GET /events (and /benefit): the brand's events running now. */
export async function running(ctx: ServiceContext): Promise<EventList> {
  return { events: await summaries(ctx, await repo.runningEvents(ctx.db, ctx.brand.id, ctx.now)) };
}

/** An event of the brand that runs now: NOT_FOUND_EVENT (unknown, another brand's, another kind), NOT_EVENT_PERIOD. */
async function runningEvent(ctx: ServiceContext, eventId: number, kind?: repo.EventRow['kind']) {
  const event = await repo.findEvent(ctx.db, ctx.brand.id, eventId);
  if (!event || (kind && event.kind !== kind)) throw new AppError('NOT_FOUND_EVENT', { eventId });
  const outside = periodRefusal(event, ctx.now);
  if (outside) throw new AppError(outside, { eventId });
  return event;
}

/** The checks before a member acts in an event: it runs, and they are in its audience. */
async function enter(ctx: MemberContext, eventId: number, kind: repo.EventRow['kind']) {
  const event = await runningEvent(ctx, eventId, kind);
  const refused = audienceRefusal(event.audience, ctx.user, event);
  if (refused) throw new AppError(refused, { eventId });
  return event;
}

async function attendanceOf(ctx: MemberContext, eventId: number): Promise<AttendanceState> {
  const stamps = await repo.stampsOf(ctx.db, eventId, ctx.user.id);
  const today = dayIn(ctx.brand.timeZone, ctx.now);
  return {
    days: stamps.map((s) => s.day),
    today,
    stampedToday: stamps.some((s) => s.day === today),
    streak: currentStreak(stamps, today),
  };
}

async function emoticonCounts(ctx: ServiceContext, eventId: number) {
  const counts = new Map((await repo.reactionCounts(ctx.db, eventId)).map((c) => [c.emoticon, c.count]));
  return Emoticon.options.map((emoticon) => ({ emoticon, count: counts.get(emoticon) ?? 0 }));
}

/** GET /events/{id}: a running event, and for a member what they did in it. */
export async function detail(ctx: ServiceContext, eventId: number): Promise<EventDetail> {
  const event = await runningEvent(ctx, eventId);
  const [summary] = await summaries(ctx, [event]);
  if (!summary) throw new AppError('NOT_FOUND_EVENT', { eventId });
  const emoticons = event.kind === 'EMOTICON' ? await emoticonCounts(ctx, event.id) : [];
  let member: EventDetail['member'] = null;
  if (ctx.user) {
    const mctx = ctx as MemberContext;
    const [attendance, ticketsLeft, spins, reaction] = await readAll(mctx, [
      () => (event.kind === 'ATTENDANCE' ? attendanceOf(mctx, event.id) : Promise.resolve(null)),
      () => repo.ticketsLeft(mctx.db, mctx.brand.id, mctx.user.id),
      () => repo.spinsOf(mctx.db, event.id, mctx.user.id, SPINS_SHOWN),
      () => repo.reactionOf(mctx.db, event.id, mctx.user.id),
    ] as const);
    member = { attendance, ticketsLeft, spins: spins.map(toSpin), emoticon: reaction?.emoticon ?? null };
  }
  return { event: summary, drawSeedHash: event.drawSeedHash, emoticons, member };
}

/** GET /roulette/tickets. */
export async function tickets(ctx: MemberContext): Promise<RouletteTickets> {
  return { ticketsLeft: await repo.ticketsLeft(ctx.db, ctx.brand.id, ctx.user.id) };
}

/** GET /events/theme/{id}: NOT_FOUND_THEME for a theme the brand does not have. */
export async function theme(ctx: ServiceContext, themeId: number): Promise<EventTheme> {
  const row = await repo.findTheme(ctx.db, ctx.brand.id, themeId);
  if (!row) throw new AppError('NOT_FOUND_THEME', { themeId });
  return toTheme(row);
}

/** Credits event coins to the member (source EVENT, from the operator's PROMOTION account); false when the key was used. */
function creditCoins(
  tx: ServiceContext,
  userId: number,
  c: { ledger: CoinType; amount: number; validDays: number | null; key: string; title: string; orderId?: number },
): Promise<boolean> {
  return wallet.credit(tx, {
    userId,
    ledger: c.ledger,
    amount: c.amount,
    source: 'EVENT',
    from: 'PROMOTION',
    key: c.key,
    type: 'CHARGE',
    title: c.title,
    expiresAt: rewardExpiresAt(c.ledger, c.validDays, tx.now),
    ...(c.orderId !== undefined && { orderId: c.orderId }),
  });
}

/**
 * Gives one reward under `key`, in the caller's transaction (the member's wallet locked): coins
 * as a wallet credit, tickets as rows keyed `{key}:{n}`. Answers what was given (nothing when
 * the key was used before).
 */
async function give(
  tx: MemberContext,
  reward: { type: RewardType; amount: number; validDays: number | null },
  key: string,
  title: string,
  ticketSource: RouletteTicketSource,
): Promise<EventGain | null> {
  if (reward.type === 'ROULETTE_TICKET') {
    const added = await repo.insertTickets(
      tx.db,
      Array.from({ length: reward.amount }, (_, n) => ({
        brandId: tx.brand.id,
        userId: tx.user.id,
        source: ticketSource,
        sourceKey: `${key}:${n + 1}`,
      })),
    );
    return added > 0 ? { type: 'ROULETTE_TICKET', amount: added } : null;
  }
  const credited = await creditCoins(tx, tx.user.id, { ledger: reward.type, ...reward, key, title });
  return credited ? { type: reward.type, amount: reward.amount } : null;
}

function freeEarnOf(r: repo.RewardRow) {
  if (r.type === null || r.amount === null) throw new Error(`freeEarn reward ${r.id} lacks its type or amount`);
  return { type: r.type, amount: r.amount, validDays: r.validDays };
}

/**
 * POST /events/{id}/attendance: today's stamp (the brand's day), its daily reward and any streak
 * reward, keyed `attendance:{event}:{member}:{day}:{reward}`. A second stamp the same day
 * changes nothing and answers `stamped: false`.
 */
export function stamp(ctx: MemberContext, eventId: number): Promise<AttendanceResult> {
  return withTransaction(ctx, async (tx) => {
    const event = await enter(tx, eventId, 'ATTENDANCE');
    await wallet.lock(tx, tx.user.id);
    const day = dayIn(tx.brand.timeZone, tx.now);
    const yesterday = await repo.stampOn(tx.db, event.id, tx.user.id, previousDay(day));
    const streak = streakAfter(yesterday);
    const stamped = await repo.insertStamp(tx.db, { eventId: event.id, userId: tx.user.id, day, streak });
    const gains: EventGain[] = [];
    if (stamped) {
      const rewards = rewardsForStamp(await repo.rewardsOf(tx.db, [event.id]), streak);
      for (const r of rewards) {
        const key = `attendance:${event.id}:${tx.user.id}:${day}:${r.id}`;
        const gain = await give(tx, freeEarnOf(r), key, 'EVENT_ATTENDANCE', 'ATTENDANCE');
        if (gain) gains.push(gain);
      }
    }
    return {
      stamped: stamped !== null,
      attendance: await attendanceOf(tx, event.id),
      gains,
      balance: await wallet.balance(tx),
      ticketsLeft: await repo.ticketsLeft(tx.db, tx.brand.id, tx.user.id),
    };
  });
}

/**
 * POST /events/{id}/roulette/spin: the member's oldest ticket is used, the prize drawn from the
 * seed of that ticket, and credited keyed `roulette:{ticket}`. The request's key answers the same
 * spin again; NOT_EVENT_REMAIN_TICKET without a ticket.
 */
export function spin(ctx: MemberContext, eventId: number, input: SpinRequest): Promise<SpinResult> {
  return withTransaction(ctx, async (tx) => {
    const event = await enter(tx, eventId, 'ROULETTE');
    await wallet.lock(tx, tx.user.id);
    const answer = async (row: repo.SpinRow): Promise<SpinResult> => ({
      spin: toSpin(row),
      ticketsLeft: await repo.ticketsLeft(tx.db, tx.brand.id, tx.user.id),
      balance: await wallet.balance(tx),
    });
    const earlier = await repo.spinByRequest(tx.db, tx.user.id, input.key);
    if (earlier) return answer(earlier);
    const wheel = await repo.prizesOf(tx.db, [event.id]);
    if (wheel.length === 0) throw new AppError('NOT_FOUND_EVENT', { eventId, reason: 'the roulette has no prizes' });
    const ticket = await repo.lockOldestTicket(tx.db, tx.brand.id, tx.user.id);
    if (!ticket || !(await repo.useTicket(tx.db, ticket.id, tx.now))) throw new AppError('NOT_EVENT_REMAIN_TICKET');
    const seed = spinSeed(event.drawSeed, ticket.id);
    const weights = wheel.map((p) => p.weight);
    const index = drawIndex(seed, weights);
    const prize = wheel[index];
    if (!prize) throw new Error('the drawn prize is not on the wheel');
    const row = await repo.insertSpin(tx.db, {
      eventId: event.id,
      userId: tx.user.id,
      ticketId: ticket.id,
      requestKey: input.key,
      seed,
      weights,
      prizeIndex: prize.position,
      prizeType: prize.type,
      prizeAmount: prize.amount,
    });
    await creditCoins(tx, tx.user.id, {
      ledger: prize.type,
      amount: prize.amount,
      validDays: null,
      key: `roulette:${ticket.id}`,
      title: 'EVENT_ROULETTE',
    });
    return answer(row);
  });
}

/**
 * POST /events/{id}/emoticon: the member's one reaction, and the event's freeEarn rewards for it
 * (keyed `emoticon:{event}:{member}:{reward}`). A second reaction keeps the first.
 */
export function react(ctx: MemberContext, eventId: number, input: EmoticonRequest): Promise<EmoticonResult> {
  return withTransaction(ctx, async (tx) => {
    const event = await enter(tx, eventId, 'EMOTICON');
    await wallet.lock(tx, tx.user.id);
    const entry = await repo.insertReaction(tx.db, { eventId: event.id, userId: tx.user.id, emoticon: input.emoticon });
    const gains: EventGain[] = [];
    if (entry) {
      for (const r of rewardsForReaction(await repo.rewardsOf(tx.db, [event.id]))) {
        const key = `emoticon:${event.id}:${tx.user.id}:${r.id}`;
        const gain = await give(tx, freeEarnOf(r), key, 'EVENT_EMOTICON', 'EMOTICON');
        if (gain) gains.push(gain);
      }
    }
    const mine = entry ?? (await repo.reactionOf(tx.db, event.id, tx.user.id));
    if (!mine) throw new Error('a reaction vanished inside its transaction');
    return {
      reacted: entry !== null,
      emoticon: mine.emoticon,
      emoticons: await emoticonCounts(tx, event.id),
      gains,
      balance: await wallet.balance(tx),
      ticketsLeft: await repo.ticketsLeft(tx.db, tx.brand.id, tx.user.id),
    };
  });
}

// ——— what other modules ask (shop: addEarn on a charge; purchases: the discount) ———

/**
 * The addEarn rewards of the brand's running events on a paid charge of `coins` paid coins, in
 * the payment's transaction (the member's wallet already locked by the shop): extra coins keyed
 * `add-earn:{order}:{reward}`, tied to the order so that its refund takes them back too.
 */
export async function creditChargeBonuses(
  ctx: ServiceContext,
  charge: { userId: number; brandId: string; orderId: number; coins: number },
): Promise<void> {
  if (!ctx.inTransaction) throw new Error('events.creditChargeBonuses runs inside the payment transaction');
  const rows = await repo.runningAddEarnRewards(ctx.db, charge.brandId, ctx.now);
  for (const { reward } of rows) {
    const amount = reward.percent === null ? 0 : addEarnAmount(reward.percent, charge.coins);
    if (amount <= 0 || reward.type === null || reward.type === 'ROULETTE_TICKET') continue;
    await creditCoins(ctx, charge.userId, {
      ledger: reward.type,
      amount,
      validDays: reward.validDays,
      key: `add-earn:${charge.orderId}:${reward.id}`,
      title: 'EVENT_ADD_EARN',
      orderId: charge.orderId,
    });
  }
}

/** The shared cache's tag of a brand's discount events; the console's event changes drop it. */
const discountsTag = (brandId: string) => `event-discounts:${brandId}`;

/**
 * The brand's discount events not yet ended, read once and kept in the shared cache until the
 * console changes an event: every purchase asks, and they change a few times a month. Each keeps
 * its period, so an event starts and ends on time without a new read.
 */
async function discountWindows(ctx: ServiceContext) {
  return ctx.services.cache.get(
    `${ctx.brand.id}|event-discounts`,
    new Date(ctx.now.getTime() + DAY_MS),
    async () => {
      const rows = await repo.discountWindows(ctx.db, ctx.brand.id, ctx.now);
      const windows = rows.flatMap((r) => (r.percent === null ? [] : [{ ...r, percent: r.percent }]));
      return { windows, bytes: 64 + 64 * windows.length };
    },
    [discountsTag(ctx.brand.id)],
  );
}

/**
 * The percent off an episode whose series takes `seriesPercent`: the larger of it and the
 * brand's running discount events (decision 0241; they do not add up).
 */
export async function episodeDiscount(ctx: ServiceContext, seriesPercent: number): Promise<number> {
  const { windows } = await discountWindows(ctx);
  const running = windows.filter((w) => w.startsAt <= ctx.now && ctx.now < w.endsAt);
  return combinedDiscount(
    seriesPercent,
    running.map((w) => w.percent),
  );
}

// ——— the console ———

function statusOf(event: repo.EventRow, now: Date): AdminEvent['status'] {
  if (now < event.startsAt) return 'SCHEDULED';
  return now < event.endsAt ? 'RUNNING' : 'ENDED';
}

async function adminEvents(ctx: AdminContext, rows: readonly repo.EventRow[]): Promise<AdminEvent[]> {
  const [list, counts] = await readAll(ctx, [
    () => summaries(ctx, rows),
    () =>
      repo.participants(
        ctx.db,
        rows.map((r) => r.id),
      ),
  ] as const);
  return list.map((s, i) => {
    const row = rows[i];
    if (!row) throw new Error('an event summary without its row');
    return { ...s, status: statusOf(row, ctx.now), themeId: row.themeId, participants: counts.get(row.id) ?? 0 };
  });
}

/** GET /admin/events: every event of the brand, newest start first. */
export async function adminList(ctx: AdminContext): Promise<AdminEventList> {
  return { events: await adminEvents(ctx, await repo.allEvents(ctx.db, ctx.brand.id, ADMIN_EVENTS_MAX)) };
}

/** The checks of an event the console saves: its period, theme and wheel. */
async function checked(ctx: AdminContext, input: EventInput) {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt || endsAt.getTime() - startsAt.getTime() > EVENT_DAYS_MAX * DAY_MS) {
    throw new AppError('INVALID_PARAMETER', {
      field: 'endsAt',
      reason: `after startsAt, within ${EVENT_DAYS_MAX} days`,
    });
  }
  if (input.themeId !== null && !(await repo.findTheme(ctx.db, ctx.brand.id, input.themeId))) {
    throw new AppError('NOT_FOUND_THEME', { themeId: input.themeId });
  }
  if (input.kind === 'ROULETTE' ? input.prizes.length < 2 : input.prizes.length > 0) {
    throw new AppError('INVALID_PARAMETER', {
      field: 'prizes',
      reason: 'a roulette has 2 prizes or more; other events none',
    });
  }
  if (input.kind !== 'ATTENDANCE' && input.rewards.some((r) => r.streakDays !== null)) {
    throw new AppError('INVALID_PARAMETER', { field: 'rewards', reason: 'streak rewards belong to attendance events' });
  }
  return { startsAt, endsAt };
}

function rewardRows(input: EventInput) {
  return input.rewards.map((r) => ({
    kind: r.kind,
    type: r.type,
    amount: r.kind === 'freeEarn' ? r.amount : null,
    percent: r.kind === 'freeEarn' ? null : r.percent,
    streakDays: r.kind === 'freeEarn' ? r.streakDays : null,
    validDays: r.validDays,
  }));
}

function prizeRows(input: EventInput) {
  return input.prizes.map((p, position) => ({ position, type: p.type, amount: p.amount, weight: p.weight }));
}

/** POST /admin/events: a new event, scheduled for its period; audited. */
export async function create(ctx: AdminContext, input: EventInput): Promise<AdminEvent> {
  const created = await withTransaction(ctx, async (tx) => {
    const { startsAt, endsAt } = await checked(tx, input);
    const drawSeed = randomBytes(32).toString('hex');
    const row = await repo.insertEvent(tx.db, {
      brandId: tx.brand.id,
      kind: input.kind,
      title: input.title,
      description: input.description,
      audience: input.audience,
      themeId: input.themeId,
      startsAt,
      endsAt,
      drawSeed,
      drawSeedHash: seedHash(drawSeed),
    });
    await repo.replaceRewardsAndPrizes(tx.db, row.id, rewardRows(input), prizeRows(input));
    const [answer] = await adminEvents(tx, [row]);
    if (!answer) throw new Error('a created event could not be read');
    await recordAction(tx, { action: 'EVENT_CREATE', targetType: 'event', targetId: row.id, after: answer });
    return answer;
  });
  ctx.services.cache.invalidate([discountsTag(ctx.brand.id)]);
  return created;
}

/**
 * PUT /admin/events/{id}: a new schedule, texts, rewards or prizes; audited with before and after.
 * The kind stays (stamps, spins and reactions belong to it).
 */
export async function update(ctx: AdminContext, eventId: number, input: EventInput): Promise<AdminEvent> {
  const updated = await withTransaction(ctx, async (tx) => {
    const current = await repo.lockEvent(tx.db, tx.brand.id, eventId);
    if (!current) throw new AppError('NOT_FOUND_EVENT', { eventId });
    if (current.kind !== input.kind) {
      throw new AppError('INVALID_PARAMETER', { field: 'kind', reason: 'an event keeps its kind' });
    }
    const { startsAt, endsAt } = await checked(tx, input);
    const [before] = await adminEvents(tx, [current]);
    const row = await repo.updateEvent(tx.db, eventId, {
      title: input.title,
      description: input.description,
      audience: input.audience,
      themeId: input.themeId,
      startsAt,
      endsAt,
      updatedAt: tx.now,
    });
    await repo.replaceRewardsAndPrizes(tx.db, row.id, rewardRows(input), prizeRows(input));
    const [after] = await adminEvents(tx, [row]);
    if (!after) throw new Error('an updated event could not be read');
    await recordAction(tx, { action: 'EVENT_UPDATE', targetType: 'event', targetId: row.id, before, after });
    return after;
  });
  ctx.services.cache.invalidate([discountsTag(ctx.brand.id)]);
  return updated;
}

/** GET /admin/events/{id}/audit: the draw seed and every spin, to recompute each draw. */
export async function audit(ctx: AdminContext, eventId: number): Promise<AdminRouletteAudit> {
  const event = await repo.findEvent(ctx.db, ctx.brand.id, eventId);
  if (!event) throw new AppError('NOT_FOUND_EVENT', { eventId });
  const spins = await repo.spinsOfEvent(ctx.db, event.id, AUDIT_SPINS_MAX);
  return {
    drawSeed: event.drawSeed,
    drawSeedHash: event.drawSeedHash,
    spins: spins.map((s) => ({ ...toSpin(s), userId: s.userId })),
  };
}

/** GET /admin/event-themes. */
export async function adminThemes(ctx: AdminContext): Promise<EventThemeList> {
  return { themes: (await repo.brandThemes(ctx.db, ctx.brand.id)).map(toTheme) };
}

/** POST /admin/event-themes: a theme for the brand's events; audited. */
export function createTheme(ctx: AdminContext, input: EventThemeInput): Promise<EventTheme> {
  return withTransaction(ctx, async (tx) => {
    const row = await repo.insertTheme(tx.db, {
      brandId: tx.brand.id,
      name: input.name,
      primaryColor: input.primaryColor,
      accentColor: input.accentColor,
      bannerKey: input.bannerKey ?? null,
    });
    const answer = toTheme(row);
    await recordAction(tx, {
      action: 'EVENT_THEME_CREATE',
      targetType: 'event_theme',
      targetId: row.id,
      after: answer,
    });
    return answer;
  });
}

/**
 * POST /admin/roulette-tickets: roulette tickets for a member of the brand (NOT_FOUND_USER
 * otherwise), keyed by the admin's key so a retry grants none; audited.
 */
export function grantTickets(ctx: AdminContext, input: TicketGrantRequest): Promise<TicketGrantResult> {
  return withTransaction(ctx, async (tx) => {
    const member = await users.findById(tx, input.userId);
    if (!member || member.brandId !== tx.brand.id || member.status !== 'ACTIVE') {
      throw new AppError('NOT_FOUND_USER', { userId: input.userId });
    }
    await wallet.lock(tx, member.id);
    const granted = await repo.insertTickets(
      tx.db,
      Array.from({ length: input.count }, (_, n) => ({
        brandId: tx.brand.id,
        userId: member.id,
        source: 'ADMIN' as const,
        sourceKey: `admin:${tx.admin.id}:${input.idempotencyKey}:${n + 1}`,
      })),
    );
    await recordAction(tx, {
      action: 'ROULETTE_TICKET_GRANT',
      targetType: 'user',
      targetId: member.id,
      targetUserId: member.id,
      details: { count: input.count, granted, idempotencyKey: input.idempotencyKey },
    });
    return { granted, ticketsLeft: await repo.ticketsLeft(tx.db, tx.brand.id, member.id) };
  });
}
