import { describe, expect, it } from 'vitest';
import { errorCodeOf } from './useAdminAction';

describe('errorCodeOf', () => {
  it("takes an api error's code", () => {
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'FORBIDDEN' }))).toBe('FORBIDDEN');
  });

  it('says INTERNAL_ERROR for anything without a code', () => {
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('INTERNAL_ERROR');
    expect(errorCodeOf(null)).toBe('INTERNAL_ERROR');
    expect(errorCodeOf(undefined)).toBe('INTERNAL_ERROR');
  });
});
