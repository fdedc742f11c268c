import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Locale } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { isMessageCode, MESSAGE_CODES } from '../lib/errors/error-codes';

const DIR = join(__dirname, '../../messages');

type Tree = { [key: string]: string | Tree };

function load(locale: string): Tree {
  return JSON.parse(readFileSync(join(DIR, `${locale}.json`), 'utf8')) as Tree;
}

/** Every leaf as `Namespace.key.sub` → message. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [sub, text] of flatten(value, path)) leaves.set(sub, text);
  }
  return leaves;
}

/** The ICU arguments a message takes, e.g. `{count, plural, …}` and `{title}` → count, title. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z]\w*)\s*[,}]/g)].map((m) => m[1] ?? '').sort();
}

// Words that read the same in these languages (genre names, loanwords); any other message equal
// to its English one is an untranslated leftover.
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  fr: [
    'Home.tabs.bl',
    'Series.genres.BL',
    'Home.tabs.romance',
    'Series.genres.ROMANCE',
    'Home.tabs.action',
    'Series.genres.ACTION',
    'Series.genres.FANTASY',
    'Series.genres.THRILLER',
    'Series.genresLabel',
    'Nav.coupon',
    'Coupons.title',
    'Viewer.pageAlt',
    'Series.creatorTypes.ADAPTER',
    // "Notifications" is French too.
    'Site.notifications',
    'Notifications.title',
    // The roulette, coins and points read the same in French.
    'Events.kinds.ROULETTE',
    'Events.rouletteTitle',
    'Events.types.COIN',
    'Events.types.MILEAGE',
    'Events.typeNames.MILEAGE',
  ],
  de: [
    'Home.tabs.bl',
    'Series.genres.BL',
    'Home.tabs.romance',
    'Series.genres.ROMANCE',
    'Home.tabs.action',
    'Series.genres.ACTION',
    'Series.genres.FANTASY',
    'Series.genres.THRILLER',
    'Series.genres.DRAMA',
    'Series.genresLabel',
    'Nav.shop',
    'Home.tabs.ranking',
    // "Events", "Roulette" and "Wow" are German too.
    'Events.title',
    'Events.kinds.ROULETTE',
    'Events.rouletteTitle',
    'Events.emoticons.WOW',
  ],
  // The percent badge is a number and a sign ("+{percent}%") in these scripts.
  ja: ['Home.tabs.bl', 'Series.genres.BL', 'Shop.percent'],
  th: ['Home.tabs.bl', 'Series.genres.BL', 'Shop.percent'],
  'zh-TW': ['Home.tabs.bl', 'Series.genres.BL', 'Shop.percent'],
};

const english = flatten(load('en'));

describe('messages', () => {
  it('has one file per brand locale', () => {
    const files = readdirSync(DIR)
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...Locale.options].sort());
  });

  for (const locale of Locale.options.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const messages = flatten(load(locale));

      it('has exactly the keys of en.json', () => {
        expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('takes the same arguments in every message', () => {
        for (const [key, text] of english) {
          expect(argumentsOf(messages.get(key) ?? ''), key).toEqual(argumentsOf(text));
        }
      });

      it('leaves no English behind', () => {
        const untranslated = [...english]
          .filter(([key, text]) => messages.get(key) === text && /[A-Za-z]{2}/.test(text))
          .map(([key]) => key)
          .filter((key) => !SAME_AS_ENGLISH[locale]?.includes(key));
        expect(untranslated).toEqual([]);
      });
    });
  }

  it('explains every error code the web shows, and no other', () => {
    const codes = [...english.keys()].filter((key) => key.startsWith('Errors.')).map((key) => key.slice(7));
    expect(codes.sort()).toEqual([...MESSAGE_CODES].sort());
  });

  it('has a message for every error code the web shows in every locale', () => {
    for (const locale of Locale.options) {
      const messages = flatten(load(locale));
      for (const code of MESSAGE_CODES)
        expect(messages.get(`Errors.${code}`)?.trim(), `${locale} ${code}`).toBeTruthy();
    }
  });

  it('translates an error code only under Errors, never a second time elsewhere', () => {
    const elsewhere = [...english.keys()].filter(
      (key) => !key.startsWith('Errors.') && isMessageCode(key.split('.').at(-1) ?? ''),
    );
    expect(elsewhere).toEqual([]);
  });

  it('has no empty message', () => {
    for (const locale of Locale.options) {
      for (const [key, text] of flatten(load(locale))) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });
});
