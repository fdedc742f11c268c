import { type EpisodeAccess, HOUR_MS } from '@balcony/contracts';

// What a reader may do with an episode (DESIGN §6), from the episode's free flags, the member's
// ownership rows and their wait-until-free ticket. Pure, so the detail list, the viewer's
// entitlement check and the library all decide alike.

export interface OwnershipFact {
  kind: string; // OwnershipType
  expiresAt: Date | null;
}

export interface TicketFact {
  /** Hours until a used ticket is back; null when the series offers no free-time here. */
  intervalHours: number | null;
  /** When the member last unlocked an episode of the series with the ticket. */
  lastUsedAt: Date | null;
}

const OWNING_KINDS = new Set(['POSSESSION', 'ALL_POSSESSION', 'PERMANENT']);

function isActive(o: OwnershipFact, now: Date): boolean {
  return o.expiresAt === null || o.expiresAt > now;
}

/** `episode.freetime`: a ticket may open it now (`ticketMayOpen`, as the access service computes it). */
export function episodeAccess(
  episode: { isFree: boolean; freetime: boolean },
  ownerships: readonly OwnershipFact[],
  ticket: TicketFact,
  now: Date,
): EpisodeAccess {
  if (episode.isFree) return { state: 'FREE', expiresAt: null, ticketAt: null };
  const active = ownerships.filter((o) => isActive(o, now));
  if (active.some((o) => OWNING_KINDS.has(o.kind) || o.expiresAt === null)) {
    return { state: 'OWNED', expiresAt: null, ticketAt: null };
  }
  // The running access that lasts longest decides the label and the remaining time.
  const longest = active.reduce<OwnershipFact | null>(
    (best, o) => (best === null || (o.expiresAt ?? now) > (best.expiresAt ?? now) ? o : best),
    null,
  );
  if (longest?.expiresAt) {
    return {
      state: longest.kind === 'FREETIME' ? 'FREETIME_UNLOCKED' : 'RENTED',
      expiresAt: longest.expiresAt.toISOString(),
      ticketAt: null,
    };
  }
  if (episode.freetime && ticket.intervalHours !== null) {
    const back = ticketBackAt(ticket, now);
    return back
      ? { state: 'FREETIME_WAIT', expiresAt: null, ticketAt: back.toISOString() }
      : { state: 'FREETIME_READY', expiresAt: null, ticketAt: null };
  }
  return { state: 'PAID', expiresAt: null, ticketAt: null };
}

/** When a used ticket is back, or null when it can be used now (or the series offers none). */
export function ticketBackAt(ticket: TicketFact, now: Date): Date | null {
  if (ticket.intervalHours === null || ticket.lastUsedAt === null) return null;
  const back = new Date(ticket.lastUsedAt.getTime() + ticket.intervalHours * HOUR_MS);
  return back > now ? back : null;
}

/**
 * Whether a ticket may open an episode (decision 0153): the episode takes part in wait-until-free,
 * is not free, and is not one of the `excludesLatest` newest published episodes of its series.
 */
export function ticketMayOpen(
  episode: { isFree: boolean; freetime: boolean; number: number },
  rule: { excludesLatest: number; newestNumber: number },
): boolean {
  return episode.freetime && !episode.isFree && episode.number <= rule.newestNumber - rule.excludesLatest;
}
