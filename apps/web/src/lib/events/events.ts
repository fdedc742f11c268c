import type { EventGain, EventKind } from '@balcony/contracts';

// Where the event screens live, and how what an action gave is put in words.

export const EVENT_PATH = '/event';
export const ROULETTE_PATH = '/roulette';
export const BENEFIT_PATH = '/benefit';

/** The event kinds in the order the event page shows them. */
export const EVENT_KIND_ORDER: readonly EventKind[] = ['ATTENDANCE', 'EMOTICON', 'ROULETTE'];

/** Gains of one action summed by type (a daily and a streak reward of one type read as one). */
export function sumGains(gains: readonly EventGain[]): EventGain[] {
  const totals = new Map<EventGain['type'], number>();
  for (const g of gains) totals.set(g.type, (totals.get(g.type) ?? 0) + g.amount);
  return [...totals].map(([type, amount]) => ({ type, amount }));
}

/** The last `count` days up to `today` (YYYY-MM-DD), oldest first: the check-in strip. */
export function daysUpTo(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
