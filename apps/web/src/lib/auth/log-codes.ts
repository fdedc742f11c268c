import type { ErrorCode } from '@balcony/contracts';
import { withoutControlCharacters } from '../http/control-characters';

// What the auth client may report through the POST _log beacon (spec §7): a catalogue code the
// front proxy answered, or one of the failures only the browser sees.

export const CLIENT_LOG_CODES = ['CLIENT_FETCH_ERROR', 'CLIENT_SESSION_ERROR'] as const;
export type ClientLogCode = (typeof CLIENT_LOG_CODES)[number];
export type AuthLogCode = ErrorCode | ClientLogCode;

/** Longest `details` a beacon carries: with its JSON it stays well inside the beacon's byte limit. */
export const LOG_DETAILS_MAX = 1000;

/** Details on one line, shortened: what the beacon route accepts. */
export function logDetails(details: string | undefined): string | undefined {
  return details === undefined ? undefined : withoutControlCharacters(details).slice(0, LOG_DETAILS_MAX);
}
