import { normalizeSearchText, SEARCH_QUERY_MAX_LENGTH } from '@balcony/contracts';

// Recent searches, kept on the device per brand (each brand has its own catalog and language):
// newest first, at most RECENT_SEARCH_MAX, one entry per query however it was typed.

export const RECENT_SEARCH_MAX = 10;

export function recentSearchKey(brandId: string): string {
  return `balcony:recent-searches:${brandId}`;
}

function sameQuery(a: string, b: string): boolean {
  return normalizeSearchText(a) === normalizeSearchText(b);
}

/** The stored list; anything unreadable (another version, a hand edit) reads as empty. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const list: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const query = item.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
    if (query && !list.some((kept) => sameQuery(kept, query))) list.push(query);
  }
  return list.slice(0, RECENT_SEARCH_MAX);
}

/** The list with `query` first; an earlier entry of the same query moves up rather than repeating. */
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const trimmed = query.trim();
  if (!trimmed) return [...list];
  return [trimmed, ...list.filter((item) => !sameQuery(item, trimmed))].slice(0, RECENT_SEARCH_MAX);
}

export function withoutRecentSearch(list: readonly string[], query: string): string[] {
  return list.filter((item) => item !== query);
}
