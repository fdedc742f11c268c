import { describe, expect, it } from 'vitest';
import { parseId } from './params';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it('keeps site paths and https links, drops everything else', () => {
    expect(safeHref('/detail/3')).toBe('/detail/3');
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('/\t/evil.example')).toBeNull();
    expect(safeHref('/.//evil.example')).toBeNull();
    expect(safeHref('http://example.com')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('parseId', () => {
  it('accepts plain positive integers only', () => {
    expect(parseId('12')).toBe(12);
    for (const raw of ['0', '012', '0x1A', '1e3', '12abc', '-1', '']) expect(parseId(raw), raw).toBeNull();
  });
});
