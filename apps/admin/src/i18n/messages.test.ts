import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Locale } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { EXPLAINED_CODES } from '../lib/errors';
import { flattenMessages, type MessageTree, mergeAreas, overEnglish } from './merge';
import { pickLocale } from './pick-locale';

// Every area file of every locale has exactly the keys and arguments of its English file, and the
// files of a locale merge without two defining the same namespace (as the server loads them).

const DIR = join(__dirname, '../../messages');

function areaFiles(locale: string): string[] {
  return readdirSync(join(DIR, locale))
    .filter((file) => file.endsWith('.json'))
    .sort();
}

function load(locale: string, file: string): MessageTree {
  return JSON.parse(readFileSync(join(DIR, locale, file), 'utf8')) as MessageTree;
}

/** The ICU arguments a message takes, e.g. `{count, plural, …}` and `{title}` → count, title. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z]\w*)\s*[,}]/g)].map((m) => m[1] ?? ''))].sort();
}

describe('console messages', () => {
  it('have a folder per locale, and the same area files in each', () => {
    expect(readdirSync(DIR).sort()).toEqual([...Locale.options].sort());
    for (const locale of Locale.options) expect(areaFiles(locale), locale).toEqual(areaFiles('en'));
  });

  for (const file of areaFiles('en')) {
    describe(file, () => {
      const english = flattenMessages(load('en', file));
      for (const locale of Locale.options.filter((l) => l !== 'en')) {
        it(`${locale} has the keys and arguments of English`, () => {
          const messages = flattenMessages(load(locale, file));
          expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
          for (const [key, text] of english)
            expect(argumentsOf(messages.get(key) ?? ''), key).toEqual(argumentsOf(text));
        });
      }
    });
  }

  it('merge into one tree per locale, no namespace twice', () => {
    for (const locale of Locale.options) {
      const merged = mergeAreas(areaFiles(locale).map((name) => ({ name, content: load(locale, name) })));
      expect(Object.keys(merged)).toContain('Shell');
    }
    expect(() =>
      mergeAreas([
        { name: 'a.json', content: { Shell: {} } },
        { name: 'b.json', content: { Shell: {} } },
      ]),
    ).toThrow(/Shell/);
  });

  it('fall back to English key by key where a translation is missing', () => {
    expect(overEnglish({ A: { x: 'x', y: 'y' }, B: { z: 'z' } }, { A: { x: 'ex' } })).toEqual({
      A: { x: 'ex', y: 'y' },
      B: { z: 'z' },
    });
  });

  it('explain every error code the console names', () => {
    const errors = flattenMessages(load('en', 'common.json'));
    for (const code of EXPLAINED_CODES) expect(errors.has(`Errors.${code}`), code).toBe(true);
  });
});

describe('pickLocale', () => {
  it('prefers the admin’s choice, then Accept-Language by weight, else English', () => {
    expect(pickLocale('ja', 'fr-FR,fr;q=0.9')).toBe('ja');
    expect(pickLocale(undefined, 'de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pickLocale(undefined, 'ko;q=1, th;q=0.5, fr;q=0.7')).toBe('fr');
    expect(pickLocale('xx', 'zh-Hant-TW')).toBe('zh-TW');
    expect(pickLocale(undefined, 'ko')).toBe('en');
    expect(pickLocale(undefined, null)).toBe('en');
  });
});
