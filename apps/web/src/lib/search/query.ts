import { type Genre, normalizeSearchText, SEARCH_QUERY_MAX_LENGTH } from '@balcony/contracts';

// What the search screen sends the api: the typed text, trimmed to what the api accepts, and the
// genres whose names (in the brand's locale, which only the web knows) contain it.

/**
 * Shortest text that looks for genres: one Latin letter is part of most genre names ("a" of
 * Action, Drama, Fantasy), which would send nearly every genre along with it.
 */
export const GENRE_MATCH_MIN_LENGTH = 2;

/** The search text of a `?q=` value: its first value, trimmed, no longer than the api accepts. */
export function readSearchQuery(raw: string | readonly string[] | undefined): string {
  const value = typeof raw === 'string' ? raw : (raw?.[0] ?? '');
  return value.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/**
 * The genres whose localised name contains the query, compared in the api's search form
 * (so "あくしょん" finds アクション and "COMÉ" finds Comédie).
 */
export function matchGenres(query: string, names: Readonly<Record<Genre, string>>): Genre[] {
  const needle = normalizeSearchText(query);
  if ([...needle].length < GENRE_MATCH_MIN_LENGTH) return [];
  return (Object.keys(names) as Genre[]).filter((genre) => normalizeSearchText(names[genre]).includes(needle));
}
