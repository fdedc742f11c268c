// The error codes the console explains in its own words (messages: Errors.<code>); any other code
// the api answers is shown with the generic text and the code itself, for support.

export const EXPLAINED_CODES = [
  'INCORRECT_PASSWORD',
  'EXCEED_AUTH_COUNT',
  'FREQUENT_REQUEST',
  'TOO_MANY_REQUESTS',
  'NOT_LOGIN_USER',
  'FORBIDDEN',
  'INVALID_PARAMETER',
  'NOT_EXIST',
  'NOT_FOUND_USER',
  'NOT_FOUND_EPISODE',
  'NOT_FOUND_COUPON',
  'ALREADY_USED_EMAIL',
  'INVALID_MAIL_FORM',
  'COIN_INSUFFICIENT',
  'NOT_REFUNDABLE',
  'NOT_FOUND_COIN_PRODUCT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ExplainedCode = (typeof EXPLAINED_CODES)[number];

export function isExplained(code: string): code is ExplainedCode {
  return (EXPLAINED_CODES as readonly string[]).includes(code);
}

/** The failure envelope's code in an answer body, if it is one. */
export function failCodeOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { result, code } = body as { result?: unknown; code?: unknown };
  return result === 'FAIL' && typeof code === 'string' ? code : null;
}
