import { describe, expect, it } from 'vitest';
import { catalogTags, VISITOR_CACHE_SECONDS, visitorCacheKey, visitorReadIsFresh } from './visitor-cache';

describe('visitor read cache', () => {
  it('keys a read by brand, path, sorted query and the way the visitor reads', () => {
    const a = visitorCacheKey('delitoon-fr', '/search', { q: 'knight', page: '1', genres: undefined }, {});
    const b = visitorCacheKey('delitoon-fr', '/search', { page: '1', q: 'knight' }, { platform: 'WEB' });
    expect(a).toEqual(b);
    expect(a).toEqual(['visitor-read', 'delitoon-fr', '/search?page=1&q=knight', 'WEB', '']);
  });

  it('keeps brands, platforms and adult answers apart', () => {
    const base = visitorCacheKey('delitoon-fr', '/contents/12', undefined, {});
    expect(visitorCacheKey('delitoon-de', '/contents/12', undefined, {})).not.toEqual(base);
    expect(visitorCacheKey('delitoon-fr', '/contents/12', undefined, { platform: 'IOS_APP' })).not.toEqual(base);
    expect(visitorCacheKey('delitoon-fr', '/contents/12', undefined, { visitorAdultAnswer: 'Y' })).not.toEqual(base);
  });

  it('escapes query values so that two queries never share a key', () => {
    const joined = visitorCacheKey('b', '/search', { q: 'a&page=2' }, {});
    const split = visitorCacheKey('b', '/search', { q: 'a', page: '2' }, {});
    expect(joined).not.toEqual(split);
  });

  it('tags a read with its brand and what it is about', () => {
    expect(catalogTags('bom-tw', { kind: 'home' })).toEqual(['catalog:bom-tw', 'catalog:bom-tw:home']);
    expect(catalogTags('bom-tw', { kind: 'series', seriesId: 7 })).toEqual([
      'catalog:bom-tw',
      'catalog:bom-tw:series:7',
    ]);
    expect(catalogTags('bom-tw', { kind: 'episode', episodeId: 9 })).toContain('catalog:bom-tw:episode:9');
  });

  it('uses a cached answer unless its signed pages expire within twice the cache lifetime', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const margin = 2 * VISITOR_CACHE_SECONDS * 1000;
    expect(visitorReadIsFresh({ items: [] }, now)).toBe(true);
    expect(visitorReadIsFresh({ pagesExpireAt: null }, now)).toBe(true);
    expect(visitorReadIsFresh({ pagesExpireAt: new Date(now + margin + 1000).toISOString() }, now)).toBe(true);
    expect(visitorReadIsFresh({ pagesExpireAt: new Date(now + margin - 1000).toISOString() }, now)).toBe(false);
  });
});
