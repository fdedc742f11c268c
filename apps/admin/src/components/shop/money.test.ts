import { describe, expect, it } from 'vitest';
import { toMajorText, toMinor } from './money';

describe('prices typed in the console', () => {
  it('turns a typed price into minor units and back, by the currency’s digits', () => {
    expect(toMinor('9.99', 2)).toBe(999);
    expect(toMinor('9,99', 2)).toBe(999);
    expect(toMinor('300', 0)).toBe(300);
    expect(toMajorText(999, 2)).toBe('9.99');
    expect(toMajorText(null, 2)).toBe('');
  });

  it('refuses what is not a price', () => {
    expect(toMinor('-1', 2)).toBeNaN();
    expect(toMinor('1e3', 2)).toBeNaN();
    expect(toMinor('', 2)).toBeNaN();
  });
});
