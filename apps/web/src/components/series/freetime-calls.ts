import { FreetimeUseResult } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's call that uses a wait-until-free ticket, through the front proxy; only the
// free-time popup loads it (and the contracts' schema with it).

export function spendFreetimeTicket(episodeId: number, idempotencyKey: string): Promise<FreetimeUseResult> {
  return frontFetch(`/episodes/${episodeId}/freetime`, FreetimeUseResult, {
    method: 'POST',
    body: { idempotencyKey },
  });
}
