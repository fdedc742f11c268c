import type { EpisodeAccess } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { durationParts, durationView, isLongText, parseEpisodeOrder, ticketStatus } from './episode-state';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('durationParts', () => {
  it('splits a duration and rounds up to the second', () => {
    expect(durationParts(2 * DAY + 4 * HOUR + 5 * MINUTE + 1)).toEqual({ days: 2, hours: 4, minutes: 5, seconds: 1 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('durationView', () => {
  it('reads days and hours beyond a day', () => {
    expect(durationView(2 * DAY + 4 * HOUR + 30 * MINUTE, false)).toEqual({ unit: 'days', days: 2, hours: 4 });
    expect(durationView(2 * DAY + 4 * HOUR, true)).toEqual({ unit: 'days', days: 2, hours: 4 });
  });

  it('reads hours and minutes, then minutes, rounding up to the minute', () => {
    expect(durationView(3 * HOUR + 12 * MINUTE, false)).toEqual({ unit: 'hours', hours: 3, minutes: 12 });
    expect(durationView(HOUR - 1, false)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(durationView(30_000, false)).toEqual({ unit: 'minutes', minutes: 1 });
    expect(durationView(DAY - 1, false)).toEqual({ unit: 'days', days: 1, hours: 0 });
  });

  it('runs a clock under a day when asked', () => {
    expect(durationView(12 * HOUR + 3 * MINUTE + 10_000, true)).toEqual({ unit: 'clock', text: '12:03:10' });
    expect(durationView(0, true)).toEqual({ unit: 'clock', text: '00:00:00' });
  });
});

describe('parseEpisodeOrder', () => {
  it('keeps newest, and reads anything else as oldest first', () => {
    expect(parseEpisodeOrder('newest')).toBe('newest');
    expect(parseEpisodeOrder('oldest')).toBe('oldest');
    expect(parseEpisodeOrder(null)).toBe('oldest');
    expect(parseEpisodeOrder('sideways')).toBe('oldest');
  });
});

describe('isLongText', () => {
  it('folds long or many-line text', () => {
    expect(isLongText('A short synopsis.')).toBe(false);
    expect(isLongText('x'.repeat(281))).toBe(true);
    expect(isLongText('a\nb\nc\nd\ne')).toBe(true);
  });
});

describe('ticketStatus', () => {
  const at = (state: EpisodeAccess['state'], ticketAt: string | null = null) => ({
    access: { state, expiresAt: null, ticketAt },
  });

  it('says when the ticket is back while episodes wait for it', () => {
    const back = '2026-01-02T03:04:05.000Z';
    expect(ticketStatus([at('FREE'), at('FREETIME_UNLOCKED'), at('FREETIME_WAIT', back), at('PAID')], 24)).toEqual({
      kind: 'wait',
      ticketAt: back,
    });
  });

  it('is ready when an episode can be opened with it now', () => {
    expect(ticketStatus([at('FREE'), at('FREETIME_READY'), at('PAID')], 72)).toEqual({ kind: 'ready' });
  });

  it('says nothing for a series without a ticket, or with nothing left for it to open', () => {
    expect(ticketStatus([at('FREETIME_READY')], null)).toBeNull();
    expect(ticketStatus([at('FREE'), at('OWNED'), at('PAID')], 24)).toBeNull();
  });
});
