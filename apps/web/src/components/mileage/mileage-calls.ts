import { type MileageExchangeResult, MileageExchangeResult as MileageExchangeResultSchema } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's points exchange call through the front proxy, its answer checked against the
// contract. Loaded by the exchange form only when the member confirms.

export function exchangePoints(points: number, key: string): Promise<MileageExchangeResult> {
  return frontFetch('/coin/mileage/exchange', MileageExchangeResultSchema, { method: 'POST', body: { points, key } });
}
