import { WITHDRAWAL_REASON_MAX_LENGTH } from '@balcony/contracts';

// The reasons offered on the withdrawal screen; the api stores the reason as free text.

export const WITHDRAWAL_REASONS = [
  'NOT_READING',
  'TOO_EXPENSIVE',
  'MISSING_SERIES',
  'OTHER_SERVICE',
  'PRIVACY',
  'OTHER',
] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

/** Room left for the reader's own words once the reason key and its separator are in. */
export const WITHDRAWAL_DETAILS_MAX_LENGTH = WITHDRAWAL_REASON_MAX_LENGTH - 'MISSING_SERIES: '.length;

/** The reason sent: the chosen key, then the reader's words when given ("PRIVACY: …"). */
export function withdrawalReasonText(reason: WithdrawalReason, details: string): string {
  const words = details.replace(/\s+/g, ' ').trim().slice(0, WITHDRAWAL_DETAILS_MAX_LENGTH);
  return words ? `${reason}: ${words}` : reason;
}
