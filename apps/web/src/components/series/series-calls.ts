import { SeriesDetail } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The member's view of a series page kept as their class's shell (decision 0293), loaded with the
// page's member parts: its schema (and zod with it) stays out of the pages that never need it.

/** The series with this member's episode states, read marks, favourite and last read. */
export function fetchMemberSeries(seriesId: number): Promise<SeriesDetail> {
  return frontFetch(`/contents/${seriesId}`, SeriesDetail);
}
