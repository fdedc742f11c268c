import { createHash, createHmac } from 'node:crypto';
import {
  type CoinType,
  DAY_MS,
  type ErrorCode,
  type EventAudience,
  PRODUCT_BONUS_VALID_DAYS,
  PRODUCT_FREE_COIN_VALID_DAYS,
} from '@balcony/contracts';

// Pure rules of events (docs/decisions/0240–0249), tested on their own in rules.test.ts.

/** The day `at` falls on in `timeZone`, as YYYY-MM-DD (the brand's day for attendance stamps). */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Days in a row ending with today's stamp: one more than yesterday's streak, else 1. */
export function streakAfter(yesterday: { streak: number } | null): number {
  return yesterday ? yesterday.streak + 1 : 1;
}

/**
 * The streak a member holds today: today's stamp's, else yesterday's (still alive until today
 * ends), else 0.
 */
export function currentStreak(stamps: readonly { day: string; streak: number }[], today: string): number {
  const byDay = new Map(stamps.map((s) => [s.day, s.streak]));
  return byDay.get(today) ?? byDay.get(previousDay(today)) ?? 0;
}

export interface FreeEarn {
  kind: string;
  streakDays: number | null;
}

/**
 * The freeEarn rewards a stamp with `streak` days in a row earns: every daily one (no
 * streakDays), and each streak one whose streakDays divides the streak (7 → the 7th, 14th… day).
 */
export function rewardsForStamp<R extends FreeEarn>(rewards: readonly R[], streak: number): R[] {
  return rewards.filter(
    (r) => r.kind === 'freeEarn' && (r.streakDays === null || (streak > 0 && streak % r.streakDays === 0)),
  );
}

/** The rewards a reaction earns: the event's freeEarn rewards without a streak. */
export function rewardsForReaction<R extends FreeEarn>(rewards: readonly R[]): R[] {
  return rewards.filter((r) => r.kind === 'freeEarn' && r.streakDays === null);
}

/** The SHA-256 the event shows of its draw seed from the start (a commitment). */
export function seedHash(drawSeed: string): string {
  return createHash('sha256').update(drawSeed).digest('hex');
}

/** The seed of one ticket's draw: HMAC-SHA256 keyed by the event's draw seed (decision 0242). */
export function spinSeed(drawSeed: string, ticketId: number): string {
  return createHmac('sha256', drawSeed).update(`ticket:${ticketId}`).digest('hex');
}

/**
 * The prize a seed draws: the first 64 bits of the seed, modulo the total weight, falling in
 * one prize's share of the wheel (bias below 2^-40 for any wheel the console allows).
 */
export function drawIndex(seedHex: string, weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0 || total <= 0 || weights.some((w) => w <= 0))
    throw new Error('a wheel needs positive weights');
  let point = Number(BigInt(`0x${seedHex.slice(0, 16)}`) % BigInt(total));
  for (let i = 0; i < weights.length; i += 1) {
    const w = weights[i] ?? 0;
    if (point < w) return i;
    point -= w;
  }
  throw new Error('unreachable: the point lies inside the wheel');
}

/** Why an event is not open at `now` (NOT_EVENT_PERIOD), or null while it runs. */
export function periodRefusal(event: { startsAt: Date; endsAt: Date }, now: Date): 'NOT_EVENT_PERIOD' | null {
  return now < event.startsAt || now >= event.endsAt ? 'NOT_EVENT_PERIOD' : null;
}

export interface Participant {
  isAdult: boolean;
  createdAt: Date;
}

/**
 * Why a member may not take part in an event of `audience` (decision 0244): adults-only events
 * need an adult-verified member (UNAUTHORIZED_ADULT), minors-only events a member not verified
 * adult (UNAUTHORIZED_NON_ADULT), new-member events an account made since the event began
 * (UNAUTHORIZED_USER); null when they may.
 */
export function audienceRefusal(
  audience: EventAudience,
  member: Participant,
  event: { startsAt: Date },
): Extract<ErrorCode, 'UNAUTHORIZED_ADULT' | 'UNAUTHORIZED_NON_ADULT' | 'UNAUTHORIZED_USER'> | null {
  if (audience === 'ADULT' && !member.isAdult) return 'UNAUTHORIZED_ADULT';
  if (audience === 'MINOR' && member.isAdult) return 'UNAUTHORIZED_NON_ADULT';
  if (audience === 'NEW_MEMBER' && member.createdAt < event.startsAt) return 'UNAUTHORIZED_USER';
  return null;
}

/** When coins an event gives expire: as set, else bonus 90 and free coins 30 days; paid coins and points never. */
export function rewardExpiresAt(type: CoinType, validDays: number | null, at: Date): Date | null {
  if (type === 'COIN') return null;
  const days =
    validDays ??
    (type === 'BONUS' ? PRODUCT_BONUS_VALID_DAYS : type === 'FREE_COIN' ? PRODUCT_FREE_COIN_VALID_DAYS : null);
  return days === null ? null : new Date(at.getTime() + days * DAY_MS);
}

/** The extra coins of an addEarn reward on a charge of `coins` paid coins (rounded down). */
export function addEarnAmount(percent: number, coins: number): number {
  return Math.floor((coins * percent) / 100);
}

/** The discount an episode gets: the larger of its series' and the running events' (they do not add up). */
export function combinedDiscount(seriesPercent: number, eventPercents: readonly number[]): number {
  return Math.max(seriesPercent, ...eventPercents);
}
