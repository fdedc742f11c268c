import { z } from 'zod';
import { NIGHT_PUSH_END, NIGHT_PUSH_START } from './constants.js';

// Who may receive which push, and when (spec §3 push settings, §9 night push), as pure
// functions for the notifications module and the settings screen.

/**
 * Kinds of push a member can agree to: EVENT (events and offers, isAgreePush), CONTENTS (new
 * episodes of favourites, isAgreePushContents), FREETIME (a wait-until-free ticket is ready,
 * isAgreePushFreetime).
 */
export const PushKind = z.enum(['EVENT', 'CONTENTS', 'FREETIME']);
export type PushKind = z.infer<typeof PushKind>;

/** The push settings of a User (spec §3); an api `User` fits as is. */
export interface PushSettings {
  isAppPush: boolean;
  agreePush: {
    isAgreePush: boolean;
    isAgreePushContents: boolean;
    isAgreePushFreetime: boolean;
    isAgreePushNight: boolean;
  };
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourIn(timeZone: string, now: Date): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  const hour = format.formatToParts(now).find((p) => p.type === 'hour')?.value;
  return Number(hour);
}

/** Night push time (spec §9): from 22:00 inclusive to 04:00 exclusive, on the clock of `timeZone` (the brand's). */
export function isNightPushTime(now: Date, timeZone: string): boolean {
  const hour = hourIn(timeZone, now);
  return hour >= NIGHT_PUSH_START || hour < NIGHT_PUSH_END;
}

/**
 * Whether a push of `kind` may be sent to a member now: the device switch (isAppPush) must be
 * on, the member must agree to that kind, and at night (see `isNightPushTime`) they must also
 * agree to night pushes. The night consent covers every kind (docs/decisions/0040-push-rule.md).
 */
export function mayPush(user: PushSettings, kind: PushKind, now: Date, timeZone: string): boolean {
  if (!user.isAppPush) return false;
  if (!agrees(user.agreePush, kind)) return false;
  return user.agreePush.isAgreePushNight || !isNightPushTime(now, timeZone);
}

function agrees(agreePush: PushSettings['agreePush'], kind: PushKind): boolean {
  return {
    EVENT: agreePush.isAgreePush,
    CONTENTS: agreePush.isAgreePushContents,
    FREETIME: agreePush.isAgreePushFreetime,
  }[kind];
}

/** Steps in which the end of the night is looked for: every zone's offset is a multiple of 15 minutes. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The end of the night push time `now` is in (04:00 on the clock of `timeZone`), or `now` by day. */
export function nightPushEnd(now: Date, timeZone: string): Date {
  let at = now;
  // At most 6 hours of night, so at most 25 steps; each quarter-hour boundary is checked once.
  while (isNightPushTime(at, timeZone)) {
    at = new Date((Math.floor(at.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
  }
  return at;
}

/**
 * When a push of `kind` may be sent (decision 0207): null when the member does not agree to that
 * kind (the push is dropped; the notification itself stays in their list), `now` when they do and
 * it is day or they agree to night pushes, else the end of the night (deferred, not dropped).
 * The device switch is the sender's to check: for Web Push it is the browser's subscription.
 */
export function pushTime(
  agreePush: PushSettings['agreePush'],
  kind: PushKind,
  now: Date,
  timeZone: string,
): Date | null {
  if (!agrees(agreePush, kind)) return null;
  return agreePush.isAgreePushNight ? now : nightPushEnd(now, timeZone);
}
