import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './reading.js';

describe('normalizeSearchText', () => {
  it('folds width, case and katakana so one form matches another', () => {
    expect(normalizeSearchText('ｶﾌｪ')).toBe('かふぇ');
    expect(normalizeSearchText('カフェ')).toBe('かふぇ');
    expect(normalizeSearchText('ＨＡＲＢＯＵＲ Lights')).toBe('harbour lights');
  });

  it('leaves Thai and Chinese as they are and collapses white space', () => {
    expect(normalizeSearchText('  ความลับ   ของร้าน ')).toBe('ความลับ ของร้าน');
    expect(normalizeSearchText('咖啡館的秘密')).toBe('咖啡館的秘密');
  });
});
