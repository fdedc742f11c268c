import { describe, expect, it } from 'vitest';
import { foldedText, hasProhibitedWord, latinWords, PROHIBITED } from './prohibited-words.js';

describe('prohibited words', () => {
  it('has a list for every locale besides English, which obscenity covers', () => {
    expect(Object.keys(PROHIBITED).sort()).toEqual(['de', 'fr', 'ja', 'th', 'zh-TW']);
  });

  it('matches English through obscenity, past leetspeak and repeated letters, everywhere', () => {
    expect(hasProhibitedWord('you are a b1tch', 'en')).toBe(true);
    expect(hasProhibitedWord('fuuuuck this cliffhanger', 'ja')).toBe(true);
    expect(hasProhibitedWord('Scunthorpe, a grape and an assassin', 'en')).toBe(false);
  });

  it('matches French and German whole words, past case, accents and repeated letters', () => {
    expect(hasProhibitedWord('Quel CONNNARD', 'fr')).toBe(true);
    expect(hasProhibitedWord('espèce d’enculé', 'fr')).toBe(true);
    expect(hasProhibitedWord('fils de pute', 'fr')).toBe(true);
    expect(hasProhibitedWord('Du Arschloch!', 'de')).toBe(true);
    expect(hasProhibitedWord('fick dich', 'de')).toBe(true);
    // Inside longer words, or another language's list, they do not count.
    expect(hasProhibitedWord('Il calcule la députée', 'fr')).toBe(false);
    expect(hasProhibitedWord('Le scénario est génial', 'fr')).toBe(false);
    expect(hasProhibitedWord('connard', 'de')).toBe(false);
  });

  it('finds Japanese, Thai and Chinese words inside the text, past width and kana', () => {
    expect(hasProhibitedWord('お前なんか死ね', 'ja')).toBe(true);
    expect(hasProhibitedWord('ｷﾁｶﾞｲ', 'ja')).toBe(true);
    expect(hasProhibitedWord('ตอนนี้ควยมาก', 'th')).toBe(true);
    expect(hasProhibitedWord('這集幹你娘', 'zh-TW')).toBe(true);
    expect(hasProhibitedWord('この話は最高！', 'ja')).toBe(false);
    expect(hasProhibitedWord('หีบสมบัติตอนนี้สนุกมาก', 'th')).toBe(false);
    expect(hasProhibitedWord('這集好看', 'zh-TW')).toBe(false);
  });

  it('folds text the same way on both sides', () => {
    expect(latinWords('Ça, c’est ÉNORME!!')).toEqual(['ca', 'c', 'est', 'enorme']);
    expect(foldedText('ｷﾁ ｶﾞｲ')).toBe('きちがい');
  });
});
