import { describe, expect, it } from 'vitest';
import { badgeText, episodeNumbers } from './gifts';

describe('the gift box texts', () => {
  it('writes episode numbers in runs', () => {
    expect(episodeNumbers([3])).toBe('3');
    expect(episodeNumbers([1, 2, 3])).toBe('1\u20133');
    expect(episodeNumbers([8, 1, 2, 5, 7, 3])).toBe('1\u20133, 5, 7\u20138');
    expect(episodeNumbers([2, 2, 4])).toBe('2, 4');
    expect(episodeNumbers([])).toBe('');
  });

  it('caps the header badge at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
