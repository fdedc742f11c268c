import type { EpisodeAccess } from '@balcony/contracts';
import { formatHms } from '../../lib/viewer/binge';

// Pure rules of the series page: durations for countdowns, the remembered
// episode order and when a synopsis is long enough to fold.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms` (rounded up to the second, never negative). */
export function durationParts(ms: number): DurationParts {
  const total = Math.max(0, Math.ceil(ms / SECOND)) * SECOND;
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
  };
}

/**
 * How a remaining time reads: days and hours beyond a day, hours and minutes beyond an hour, else
 * minutes; or a running hh:mm:ss clock under a day when the reader is waiting for something.
 */
export type DurationView =
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'clock'; text: string };

export function durationView(ms: number, clockUnderADay: boolean): DurationView {
  // The viewer's binge-read confirmation counts down the same way.
  if (clockUnderADay && ms < DAY) return { unit: 'clock', text: formatHms(ms) };
  // Rounded up to the minute: a rental with 30 seconds left still has "1 min".
  const parts = durationParts(Math.ceil(Math.max(0, ms) / MINUTE) * MINUTE);
  if (parts.days > 0) return { unit: 'days', days: parts.days, hours: parts.hours };
  if (parts.hours > 0) return { unit: 'hours', hours: parts.hours, minutes: parts.minutes };
  return { unit: 'minutes', minutes: parts.minutes };
}

export const EPISODE_ORDERS = ['oldest', 'newest'] as const;
export type EpisodeOrder = (typeof EPISODE_ORDERS)[number];

/** The stored order, oldest first (reading order) unless the reader chose newest. */
export function parseEpisodeOrder(stored: string | null): EpisodeOrder {
  return stored === 'newest' ? 'newest' : 'oldest';
}

/** A synopsis of more than this many characters or lines is folded behind "read more". */
const LONG_TEXT = { characters: 280, lines: 4 } as const;

export function isLongText(text: string): boolean {
  return text.length > LONG_TEXT.characters || text.split('\n').length > LONG_TEXT.lines;
}

/**
 * The member's wait-until-free ticket of a series, as the series page says it (issue 12): back at
 * `ticketAt`, or ready; null when the series offers none or no episode is left for it to open.
 * Every episode the ticket waits for carries the same time.
 */
export type TicketStatus = { kind: 'ready' } | { kind: 'wait'; ticketAt: string };

export function ticketStatus(
  episodes: readonly { access: EpisodeAccess }[],
  intervalHours: number | null,
): TicketStatus | null {
  if (intervalHours === null) return null;
  for (const { access } of episodes) {
    if (access.state === 'FREETIME_WAIT' && access.ticketAt !== null)
      return { kind: 'wait', ticketAt: access.ticketAt };
  }
  return episodes.some((e) => e.access.state === 'FREETIME_READY') ? { kind: 'ready' } : null;
}
