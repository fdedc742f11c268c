import { ERROR_CATALOGUE, type ErrorCode, type FollowUpAction } from '@balcony/contracts';

// The error codes the web explains to readers, each with a message in messages/*.json (Errors)
// and the follow-up button of the spec §8 catalogue. Any other failure reads as INTERNAL_ERROR.

export const WEB_ERROR_CODES = [
  'NOT_EXIST',
  'ADULT_ONLY_CONTENTS',
  'UNAUTHORIZED_CONTENTS',
  'NOT_FOUND_EPISODE',
  'INVALID_CONTENTS',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

export type WebErrorCode = (typeof WEB_ERROR_CODES)[number];

export function isWebErrorCode(code: string): code is WebErrorCode {
  return (WEB_ERROR_CODES as readonly string[]).includes(code);
}

export function followUpOf(code: WebErrorCode): FollowUpAction {
  return ERROR_CATALOGUE[code].action;
}
