import { ApiCallError, api } from './member';

/**
 * A series of the default brand that only adults may open: a visitor (and a member without a
 * verified birth date) gets ADULT_ONLY_CONTENTS there. The ids of the seeded catalog are scanned
 * in parallel batches rather than hard-coded.
 */
export async function findAdultSeriesId(): Promise<number> {
  for (let start = 1; start <= 400; start += 25) {
    const ids = Array.from({ length: 25 }, (_, i) => start + i);
    const answers = await Promise.all(
      ids.map((id) =>
        api('GET', `/contents/${id}`).then(
          () => null,
          (error: unknown) => (error instanceof ApiCallError && error.code === 'ADULT_ONLY_CONTENTS' ? id : null),
        ),
      ),
    );
    const found = answers.find((id) => id !== null);
    if (found) return found;
  }
  throw new Error('the seed catalog has no adult series on this brand');
}
