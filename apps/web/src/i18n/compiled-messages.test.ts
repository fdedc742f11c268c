import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

// The messages are compiled when the server loads them and formatted by use-intl's format-only
// runtime, as in the build (decision 0175): plurals, arguments and plain texts still read right.
describe('compiled messages', () => {
  it('format plurals and arguments in every locale the way the ICU texts say', () => {
    const fr = createTranslator({ locale: 'fr', messages: MESSAGES.fr, namespace: 'Series' });
    expect(fr('episodeCount', { count: 1 })).toBe('1 épisode');
    expect(fr('episodeCount', { count: 38 })).toBe('38 épisodes');
    expect(fr('rentPrice', { coins: 3 })).toBe('Location : 3 pièces');
    expect(fr('statusCompleted')).toBe('Terminé');
    for (const locale of ['de', 'ja', 'th', 'zh-TW', 'en'] as const) {
      const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Series' });
      expect(t('episodeCount', { count: 38 })).toContain('38');
    }
  });

  it('are plain objects React can pass to the browser', () => {
    const plural = MESSAGES.fr.Series.episodeCount as unknown;
    expect(Array.isArray(plural) || typeof plural === 'string').toBe(true);
    expect(JSON.parse(JSON.stringify(MESSAGES.fr))).toEqual(MESSAGES.fr);
    const prototypes = new Set<unknown>();
    const walk = (value: unknown) => {
      if (value && typeof value === 'object') {
        if (!Array.isArray(value)) prototypes.add(Object.getPrototypeOf(value));
        for (const child of Object.values(value)) walk(child);
      }
    };
    walk(MESSAGES.fr);
    expect([...prototypes]).toEqual([Object.prototype]);
  });
});
