import type { Locale } from '@balcony/contracts';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

// Prohibited words of comments (spec §5), per locale (decision 0193). A comment is checked
// against the list of its brand's locale and against English, which readers of every brand
// write. English uses obscenity's dataset with its recommended transformers (leetspeak,
// confusable letters, repeated letters). The other lists are ours, short and at the level of
// insults and slurs, and matched in one of two ways:
// - `words` (Latin scripts: French, German): whole words or phrases only, after folding case,
//   accents, common leetspeak and repeated letters, so "Connnard" or "enculé" match and
//   "Scunthorpe"-style words inside longer ones do not;
// - `fragments` (Japanese, Thai, Chinese, written without spaces between words): anywhere in
//   the text, after folding width (NFKC) and, for Japanese, katakana to hiragana.
// To extend a language, add entries below; a new locale needs a line in PROHIBITED.

interface LocaleList {
  words?: readonly string[];
  fragments?: readonly string[];
}

export const PROHIBITED: Readonly<Partial<Record<Locale, LocaleList>>> = {
  fr: {
    words: [
      'connard',
      'connasse',
      'salope',
      'pute',
      'putain',
      'encule',
      'enculee',
      'fdp',
      'fils de pute',
      'ntm',
      'nique ta mere',
      'batard',
      'enfoire',
      'pede',
      'tapette',
      'bougnoule',
      'negro',
      'sale arabe',
      'ta gueule',
    ],
  },
  de: {
    words: [
      'arschloch',
      'fotze',
      'hurensohn',
      'hure',
      'wichser',
      'missgeburt',
      'spast',
      'spasti',
      'schlampe',
      'schwuchtel',
      'kanake',
      'neger',
      'fick dich',
      'verpiss dich',
      'drecksau',
      'scheisskerl',
    ],
  },
  ja: {
    fragments: [
      '死ね',
      '氏ね',
      '殺すぞ',
      'ころすぞ',
      'きちがい',
      '気違い',
      'がいじ',
      '池沼',
      'くそやろう',
      'クソ野郎',
      'クズ野郎',
      '売女',
      'やりまん',
      'まんこ',
    ],
  },
  th: {
    fragments: ['ควย', 'เหี้ย', 'เย็ด', 'ไอ้สัตว์', 'อีสัตว์', 'ส้นตีน', 'อีดอก', 'ไอ้เวร', 'อีเวร'],
  },
  'zh-TW': {
    fragments: [
      '幹你娘',
      '操你媽',
      '操你妈',
      '肏',
      '機掰',
      '雞掰',
      '王八蛋',
      '他媽的',
      '他妈的',
      '去死',
      '賤人',
      '婊子',
      '智障',
    ],
  },
};

const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Latin text as words: width and case folded, accents and leetspeak undone, repeated letters collapsed. */
export function latinWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[013457@$]/g, (c) => LEET[c] ?? c);
  return (folded.match(/[\p{L}]+/gu) ?? []).map((word) => word.replace(/(\p{L})\1+/gu, '$1'));
}

/** Text for fragment search: width folded (NFKC), lower case, katakana as hiragana, spaces removed. */
export function foldedText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/gu, '');
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((w, k) => words[i + k] === w)) return true;
  }
  return false;
}

/** Each locale's lists, folded once. */
const COMPILED = new Map(
  Object.entries(PROHIBITED).map(([locale, list]) => [
    locale,
    {
      phrases: (list?.words ?? []).map(latinWords),
      fragments: (list?.fragments ?? []).map(foldedText).filter((f) => f.length > 0),
    },
  ]),
);

/** Whether `text` holds a word prohibited in `locale` or in English. */
export function hasProhibitedWord(text: string, locale: Locale): boolean {
  if (english.hasMatch(text)) return true;
  const list = COMPILED.get(locale);
  if (!list) return false;
  if (list.phrases.length > 0) {
    const words = latinWords(text);
    if (list.phrases.some((phrase) => containsPhrase(words, phrase))) return true;
  }
  if (list.fragments.length > 0) {
    const folded = foldedText(text);
    if (list.fragments.some((fragment) => folded.includes(fragment))) return true;
  }
  return false;
}
