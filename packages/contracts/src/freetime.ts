import { z } from 'zod';
import { EpisodeLink } from './catalog.js';
import { IdempotencyKey } from './coins.js';
import { IdParam } from './inputs.js';

// The wait-until-free ticket (spec §1 free-time popup, §4, §9; issue 12): per series, a ticket
// opens one episode for FREETIME_UNLOCK_MS and is back `intervalHours` after it was used.

/** POST /episodes/{id}/freetime: use the series' ticket on this episode; a retry sends the same key. */
export const UseFreetimeRequest = z.object({ idempotencyKey: IdempotencyKey });
export type UseFreetimeRequest = z.infer<typeof UseFreetimeRequest>;

export const FreetimeUseResult = z.object({
  seriesId: z.number().int(),
  episodeId: z.number().int(),
  /** End of the unlock (72 hours after the use). */
  expiresAt: z.string(),
  /** When the series' next ticket is back. */
  ticketAt: z.string(),
});
export type FreetimeUseResult = z.infer<typeof FreetimeUseResult>;

/** At most this many series per GET /freetime/tickets (a library page holds 20). */
export const FREETIME_TICKETS_MAX = 50;

/** GET /freetime/tickets?seriesIds=1,2,3 */
export const FreetimeTicketsQuery = z.object({
  seriesIds: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.split(',') : v),
    z.array(IdParam).min(1).max(FREETIME_TICKETS_MAX),
  ),
});
export type FreetimeTicketsQuery = z.infer<typeof FreetimeTicketsQuery>;

/** The member's ticket of a series that offers one on this brand. */
export const FreetimeTicket = z.object({
  seriesId: z.number().int(),
  intervalHours: z.number().int(),
  /** When the ticket is back; null when it can be used now. */
  ticketAt: z.string().nullable(),
});
export type FreetimeTicket = z.infer<typeof FreetimeTicket>;
export const FreetimeTicketList = z.array(FreetimeTicket);
export type FreetimeTicketList = z.infer<typeof FreetimeTicketList>;

/**
 * GET /episodes/{id}/offer: what opening an episode takes for the caller (the viewer's locked
 * screen): its prices and sale type, the caller's access to it (with the ticket's state) and the
 * series' ticket interval. Nothing in it is private: the series page shows the same.
 */
export const EpisodeOffer = z.object({
  series: z.object({
    id: z.number().int(),
    title: z.string(),
    freetimeIntervalHours: z.number().int().nullable(),
  }),
  episode: EpisodeLink,
});
export type EpisodeOffer = z.infer<typeof EpisodeOffer>;
