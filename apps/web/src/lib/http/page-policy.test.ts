import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../page-policy.mjs';

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing', () => {
    const policy = contentSecurityPolicy('abc', false);
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('abc', true)).toContain("'unsafe-eval'");
  });
});
