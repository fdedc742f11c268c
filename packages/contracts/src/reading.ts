import { z } from 'zod';
import { ReadingPosition, SeriesCard } from './catalog.js';
import { Genre } from './enums.js';
import { IdParam, PageNumber, text } from './inputs.js';

// Request and response schemas of the reader's own data: reading positions, favourites, the
// library (spec §2 /library/my|favorite|recent) and search (/search).

export const SaveProgressBody = ReadingPosition;
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

/** DELETE /library/my/{id} and /library/recent/{id}. */
export const Removed = z.object({ removed: z.literal(true) });

export const FavoriteState = z.object({ seriesId: z.number().int(), isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof FavoriteState>;

export const SeriesIdParams = z.object({ seriesId: IdParam });

export const LIBRARY_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_QUERY_MAX_LENGTH = 50;

export const PageQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(LIBRARY_PAGE_SIZE),
});

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

/** /library/my: series in which the member owns or rents episodes. */
export const OwnedEntry = z.object({
  series: SeriesCard,
  /** Episodes bought or permanently unlocked. */
  ownedCount: z.number().int(),
  /** Rentals and free-time unlocks still running, soonest ending first. */
  rentals: z.array(z.object({ episodeId: z.number().int(), number: z.number().int(), expiresAt: z.string() })),
  acquiredAt: z.string(),
});
export type OwnedEntry = z.infer<typeof OwnedEntry>;
export const OwnedPage = paged(OwnedEntry);
export type OwnedPage = z.infer<typeof OwnedPage>;

/** /library/favorite: favourites, with a badge when an episode came out since the member last looked. */
export const FavoriteEntry = z.object({
  series: SeriesCard,
  favoritedAt: z.string(),
  hasNewEpisode: z.boolean(),
});
export type FavoriteEntry = z.infer<typeof FavoriteEntry>;
export const FavoritePage = paged(FavoriteEntry);
export type FavoritePage = z.infer<typeof FavoritePage>;

/** /library/recent: the last episode read in each series. */
export const RecentEntry = z.object({
  series: SeriesCard,
  episode: z.object({ id: z.number().int(), number: z.number().int(), title: z.string() }),
  position: ReadingPosition,
  readAt: z.string(),
});
export type RecentEntry = z.infer<typeof RecentEntry>;
export const RecentPage = paged(RecentEntry);
export type RecentPage = z.infer<typeof RecentPage>;

export const SearchQuery = z.object({
  q: text(SEARCH_QUERY_MAX_LENGTH).trim().default(''),
  /** Genres whose localised names match the typed text (the web knows the names). */
  genres: z.preprocess((v) => (typeof v === 'string' && v !== '' ? v.split(',') : v), z.array(Genre)).optional(),
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResponse = paged(SeriesCard).extend({
  query: z.string(),
  /** True when adult series matched but were hidden from this caller (spec §4/§6). */
  adultHidden: z.boolean(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * The form in which titles, creators and tags are indexed and queries compared: NFKC (full-width
 * Latin and half-width kana fold to one form), lower case, katakana folded to hiragana, and runs of
 * white space collapsed. No word splitting, so Japanese, Thai and Chinese match by fragment.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/g, ' ')
    .trim();
}
