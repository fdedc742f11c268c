import { z } from 'zod';
import { CoinBalance, IdempotencyKey } from './coins.js';
import { CoinType, EventRewardKind, RewardType } from './enums.js';
import { Id, IdParam, text } from './inputs.js';

// Events (spec §2 /event, /roulette, /benefit; §3 reward kinds and types; §8 event and theme
// codes; docs/decisions/0240–0249): attendance checks, roulettes played with tickets, emoticon
// reactions, each with what it gives, created and scheduled in the console.

export const EventKind = z.enum(['ATTENDANCE', 'ROULETTE', 'EMOTICON']);
export type EventKind = z.infer<typeof EventKind>;

/** Who may take part: everyone, adult-verified members, members not verified adult, or members who joined during the event. */
export const EventAudience = z.enum(['ALL', 'ADULT', 'MINOR', 'NEW_MEMBER']);
export type EventAudience = z.infer<typeof EventAudience>;

/** The reactions of an emoticon event (decision 0243). */
export const Emoticon = z.enum(['LOVE', 'LAUGH', 'WOW', 'CRY', 'CHEER', 'ANGRY']);
export type Emoticon = z.infer<typeof Emoticon>;

/** Where a roulette ticket came from. */
export const RouletteTicketSource = z.enum(['ATTENDANCE', 'EMOTICON', 'ADMIN']);
export type RouletteTicketSource = z.infer<typeof RouletteTicketSource>;

/** Most prizes on a wheel, rewards per event, and the largest amounts the console may set. */
export const EVENT_PRIZES_MAX = 12;
export const EVENT_REWARDS_MAX = 20;
export const EVENT_AMOUNT_MAX = 100_000;
export const EVENT_STREAK_MAX = 366;
/** Most days an event may run, and roulette tickets one admin grant may give. */
export const EVENT_DAYS_MAX = 366;
export const TICKET_GRANT_MAX = 100;

/**
 * One thing an event gives (decision 0241): freeEarn `amount` of `type` on each stamp (or, with
 * `streakDays`, on every streakDays-th day in a row; for an emoticon event, once for the
 * reaction); addEarn `percent` of the paid coins of each charge, extra, as `type`; discount
 * `percent` off episodes rented or bought while the event runs.
 */
export const EventReward = z.object({
  kind: EventRewardKind,
  type: RewardType.nullable(),
  amount: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  streakDays: z.number().int().nullable(),
  /** Days the coins stay valid (null: as the coin type's default). */
  validDays: z.number().int().nullable(),
});
export type EventReward = z.infer<typeof EventReward>;

/** A prize of a roulette, in wheel order. `chance` is its weight over the wheel's total, 0–1. */
export const RoulettePrize = z.object({
  index: z.number().int(),
  type: CoinType,
  amount: z.number().int(),
  weight: z.number().int(),
  chance: z.number(),
});
export type RoulettePrize = z.infer<typeof RoulettePrize>;

export const EventTheme = z.object({
  id: z.number().int(),
  name: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  bannerUrl: z.string().nullable(),
});
export type EventTheme = z.infer<typeof EventTheme>;

/** An event as every visitor sees it. */
export const EventSummary = z.object({
  id: z.number().int(),
  kind: EventKind,
  title: z.string(),
  description: z.string(),
  audience: EventAudience,
  startsAt: z.string(),
  endsAt: z.string(),
  theme: EventTheme.nullable(),
  rewards: z.array(EventReward),
  prizes: z.array(RoulettePrize),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** GET /events and GET /benefit: the brand's events running now, soonest ending first. */
export const EventList = z.object({ events: z.array(EventSummary) });
export type EventList = z.infer<typeof EventList>;

/** A member's stamps of an attendance event: the days (YYYY-MM-DD in the brand's zone) and today's. */
export const AttendanceState = z.object({
  days: z.array(z.string()),
  today: z.string(),
  stampedToday: z.boolean(),
  /** Days in a row up to today (or yesterday, when today is not stamped yet). */
  streak: z.number().int(),
});
export type AttendanceState = z.infer<typeof AttendanceState>;

/** A spin as its member sees it, with what an auditor needs to recompute it. */
export const RouletteSpin = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  prizeIndex: z.number().int(),
  prize: z.object({ type: CoinType, amount: z.number().int() }),
  /** HMAC-SHA256(event's draw seed, "ticket:{ticketId}"), hex. */
  seed: z.string(),
  weights: z.array(z.number().int()),
  createdAt: z.string(),
});
export type RouletteSpin = z.infer<typeof RouletteSpin>;

export const EmoticonCount = z.object({ emoticon: Emoticon, count: z.number().int() });

/** GET /events/{id}: the event, and what the calling member did in it (null for a visitor). */
export const EventDetail = z.object({
  event: EventSummary,
  /** SHA-256 of the roulette's draw seed: the seed the console's audit shows must match it (decision 0242). */
  drawSeedHash: z.string(),
  emoticons: z.array(EmoticonCount),
  member: z
    .object({
      attendance: AttendanceState.nullable(),
      ticketsLeft: z.number().int(),
      spins: z.array(RouletteSpin),
      emoticon: Emoticon.nullable(),
    })
    .nullable(),
});
export type EventDetail = z.infer<typeof EventDetail>;

export const EventIdParams = z.object({ eventId: IdParam });
export const ThemeIdParams = z.object({ themeId: IdParam });

/** What one action gave: coins into the wallet, roulette tickets. */
export const EventGain = z.object({ type: RewardType, amount: z.number().int() });
export type EventGain = z.infer<typeof EventGain>;

/** POST /events/{id}/attendance: today's stamp (a second one the same day gives nothing, `stamped: false`). */
export const AttendanceResult = z.object({
  stamped: z.boolean(),
  attendance: AttendanceState,
  gains: z.array(EventGain),
  balance: CoinBalance,
  ticketsLeft: z.number().int(),
});
export type AttendanceResult = z.infer<typeof AttendanceResult>;

/** POST /events/{id}/roulette/spin: one ticket spent, one prize; the same key answers the same spin. */
export const SpinRequest = z.object({ key: IdempotencyKey });
export type SpinRequest = z.infer<typeof SpinRequest>;
export const SpinResult = z.object({
  spin: RouletteSpin,
  ticketsLeft: z.number().int(),
  balance: CoinBalance,
});
export type SpinResult = z.infer<typeof SpinResult>;

/** POST /events/{id}/emoticon: the member's one reaction. */
export const EmoticonRequest = z.object({ emoticon: Emoticon });
export type EmoticonRequest = z.infer<typeof EmoticonRequest>;
export const EmoticonResult = z.object({
  reacted: z.boolean(),
  emoticon: Emoticon,
  emoticons: z.array(EmoticonCount),
  gains: z.array(EventGain),
  balance: CoinBalance,
  ticketsLeft: z.number().int(),
});
export type EmoticonResult = z.infer<typeof EmoticonResult>;

/** GET /roulette/tickets: the member's tickets left. */
export const RouletteTickets = z.object({ ticketsLeft: z.number().int() });
export type RouletteTickets = z.infer<typeof RouletteTickets>;

// ——— the console ———

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const EventThemeInput = z.object({
  name: text(60).pipe(z.string().trim().min(1)),
  primaryColor: Color,
  accentColor: Color,
  bannerKey: text(300).nullable().optional(),
});
export type EventThemeInput = z.infer<typeof EventThemeInput>;
export const EventThemeList = z.object({ themes: z.array(EventTheme) });
export type EventThemeList = z.infer<typeof EventThemeList>;

export const EventRewardInput = z
  .object({
    kind: EventRewardKind,
    type: RewardType.nullable().default(null),
    amount: z.number().int().min(1).max(EVENT_AMOUNT_MAX).nullable().default(null),
    percent: z.number().int().min(1).max(100).nullable().default(null),
    streakDays: z.number().int().min(2).max(EVENT_STREAK_MAX).nullable().default(null),
    validDays: z.number().int().min(1).max(3650).nullable().default(null),
  })
  .superRefine((r, ctx) => {
    const problem =
      r.kind === 'freeEarn'
        ? r.type === null || r.amount === null || r.percent !== null
          ? 'freeEarn gives an amount of a type'
          : null
        : r.kind === 'addEarn'
          ? r.type === null || !['FREE_COIN', 'BONUS', 'MILEAGE'].includes(r.type) || r.percent === null
            ? 'addEarn gives a percent of a charge as FREE_COIN, BONUS or MILEAGE'
            : null
          : r.type !== null || r.percent === null || r.percent > 90
            ? 'discount takes a percent (1–90) and no type'
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    if (r.type === 'COIN' && r.validDays !== null) ctx.addIssue({ code: 'custom', message: 'paid coins never expire' });
  });
export type EventRewardInput = z.infer<typeof EventRewardInput>;

export const RoulettePrizeInput = z.object({
  type: CoinType,
  amount: z.number().int().min(1).max(EVENT_AMOUNT_MAX),
  weight: z.number().int().min(1).max(1_000_000),
});
export type RoulettePrizeInput = z.infer<typeof RoulettePrizeInput>;

export const EventInput = z.object({
  kind: EventKind,
  title: text(120).pipe(z.string().trim().min(1)),
  description: text(2000).default(''),
  audience: EventAudience.default('ALL'),
  themeId: Id.nullable().default(null),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  rewards: z.array(EventRewardInput).max(EVENT_REWARDS_MAX).default([]),
  prizes: z.array(RoulettePrizeInput).max(EVENT_PRIZES_MAX).default([]),
});
export type EventInput = z.infer<typeof EventInput>;

/** An event as the console lists it: its status by period, and how many took part. */
export const AdminEvent = EventSummary.extend({
  status: z.enum(['SCHEDULED', 'RUNNING', 'ENDED']),
  themeId: z.number().int().nullable(),
  participants: z.number().int(),
});
export type AdminEvent = z.infer<typeof AdminEvent>;
export const AdminEventList = z.object({ events: z.array(AdminEvent) });
export type AdminEventList = z.infer<typeof AdminEventList>;

/** The spins of an event with its seed, for an audit (decision 0242). */
export const AdminRouletteAudit = z.object({
  drawSeed: z.string(),
  drawSeedHash: z.string(),
  spins: z.array(RouletteSpin.extend({ userId: z.number().int() })),
});
export type AdminRouletteAudit = z.infer<typeof AdminRouletteAudit>;

export const TicketGrantRequest = z.object({
  userId: Id,
  count: z.number().int().min(1).max(TICKET_GRANT_MAX),
  idempotencyKey: IdempotencyKey,
});
export type TicketGrantRequest = z.infer<typeof TicketGrantRequest>;
export const TicketGrantResult = z.object({ granted: z.number().int(), ticketsLeft: z.number().int() });
export type TicketGrantResult = z.infer<typeof TicketGrantResult>;
