import { type Genre, SEARCH_QUERY_MAX_LENGTH } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from '../navigation/routes';
import { matchGenres, readSearchQuery } from './query';
import {
  parseRecentSearches,
  RECENT_SEARCH_MAX,
  recentSearchKey,
  withoutRecentSearch,
  withRecentSearch,
} from './recent';

const JA: Record<Genre, string> = {
  BL: 'BL',
  ROMANCE: '恋愛',
  ACTION: 'アクション',
  MATURE: '大人向け',
  DRAMA: 'ドラマ',
  FANTASY: 'ファンタジー',
  COMEDY: 'コメディ',
  THRILLER: 'スリラー',
};

const FR: Record<Genre, string> = {
  BL: 'BL',
  ROMANCE: 'Romance',
  ACTION: 'Action',
  MATURE: 'Adulte',
  DRAMA: 'Drame',
  FANTASY: 'Fantasy',
  COMEDY: 'Comédie',
  THRILLER: 'Thriller',
};

const TH: Record<Genre, string> = { ...FR, FANTASY: 'แฟนตาซี', COMEDY: 'คอมเมดี้' };

describe('search query', () => {
  it('reads the first value of ?q=, trimmed and cut to what the api accepts', () => {
    expect(readSearchQuery(undefined)).toBe('');
    expect(readSearchQuery('  恋の  ')).toBe('恋の');
    expect(readSearchQuery(['夜', '朝'])).toBe('夜');
    expect(readSearchQuery([])).toBe('');
    expect(readSearchQuery('x'.repeat(80))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    // Cutting never leaves a trailing space.
    expect(readSearchQuery(`${'a'.repeat(SEARCH_QUERY_MAX_LENGTH - 1)} b`)).toBe(
      'a'.repeat(SEARCH_QUERY_MAX_LENGTH - 1),
    );
  });

  it('sends the genres whose localised name contains the text, in any script and width', () => {
    expect(matchGenres('アクション', JA)).toEqual(['ACTION']);
    // Hiragana and half-width katakana find the katakana name.
    expect(matchGenres('あくしょ', JA)).toEqual(['ACTION']);
    expect(matchGenres('ｱｸｼｮﾝ', JA)).toEqual(['ACTION']);
    expect(matchGenres('恋愛', JA)).toEqual(['ROMANCE']);
    expect(matchGenres('ファン', JA)).toEqual(['FANTASY']);
    expect(matchGenres('คอมเม', TH)).toEqual(['COMEDY']);
    expect(matchGenres('COMÉ', FR)).toEqual(['COMEDY']);
    expect(matchGenres('dram', FR)).toEqual(['DRAMA']);
    expect(matchGenres('an', FR)).toEqual(['ROMANCE', 'FANTASY']);
  });

  it('leaves genres out for one letter, and for text that is not part of a genre name', () => {
    expect(matchGenres('a', FR)).toEqual([]);
    expect(matchGenres('', JA)).toEqual([]);
    expect(matchGenres('夜の図書館', JA)).toEqual([]);
  });

  it('builds shareable result addresses', () => {
    expect(routes.search()).toBe('/search');
    expect(routes.search('恋 の')).toBe('/search?q=%E6%81%8B+%E3%81%AE');
    expect(routes.search('love', 1)).toBe('/search?q=love');
    expect(routes.search('love', 3)).toBe('/search?q=love&page=3');
    expect(new URL(routes.search('a&b=c'), 'http://x').searchParams.get('q')).toBe('a&b=c');
  });
});

describe('recent searches', () => {
  it('keep one list per brand', () => {
    expect(recentSearchKey('beltoon-jp')).not.toBe(recentSearchKey('bom-th'));
  });

  it('put the newest first, move a repeated query up instead of repeating it, and keep ten', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i++) list = withRecentSearch(list, `query ${i}`);
    expect(list).toHaveLength(RECENT_SEARCH_MAX);
    expect(list[0]).toBe('query 12');
    expect(list.at(-1)).toBe('query 3');
    list = withRecentSearch(list, '  QUERY 5 ');
    expect(list[0]).toBe('QUERY 5');
    expect(list.filter((item) => item.toLowerCase() === 'query 5')).toHaveLength(1);
    expect(list).toHaveLength(RECENT_SEARCH_MAX);
    // Katakana and hiragana of one word are one query.
    expect(withRecentSearch(['アクション'], 'あくしょん')).toEqual(['あくしょん']);
    expect(withRecentSearch(['a'], '   ')).toEqual(['a']);
  });

  it('remove one entry', () => {
    expect(withoutRecentSearch(['b', 'a'], 'a')).toEqual(['b']);
    expect(withoutRecentSearch(['b'], 'c')).toEqual(['b']);
  });

  it('read anything unreadable as an empty list, and clean what they read', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches(JSON.stringify(['夜', 3, ' ', '夜', 'ค้นหา']))).toEqual(['夜', 'ค้นหา']);
    const many = Array.from({ length: 15 }, (_, i) => `q${i}`);
    expect(parseRecentSearches(JSON.stringify(many))).toEqual(many.slice(0, RECENT_SEARCH_MAX));
  });
});
