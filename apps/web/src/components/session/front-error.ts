import type { ErrorCode } from '@balcony/contracts';

// The error of a browser call through the front proxy, apart from front-fetch.ts: a component that
// only reads a call's code (a button's error text) imports this, not the answer schemas and zod.

/**
 * A failed call through the front proxy: the catalogue code the api answered, INTERNAL_ERROR for
 * an answer outside its contract, or CLIENT_FETCH_ERROR when the web could not be reached.
 */
export class FrontError extends Error {
  override readonly name = 'FrontError';
  constructor(
    readonly code: ErrorCode | 'CLIENT_FETCH_ERROR',
    readonly status: number,
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
}

/** The code of anything a front-proxy call threw; what is not a FrontError never reached the web. */
export function frontErrorCode(error: unknown): FrontError['code'] {
  return error instanceof FrontError ? error.code : 'CLIENT_FETCH_ERROR';
}
