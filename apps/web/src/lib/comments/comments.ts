import { COMMENT_MAX_LENGTH, type CommentSort, validateComment } from '@balcony/contracts';

// The comment page's address and the write form's own checks (spec §5), shared by the pages and
// the form. The api checks again, with the prohibited words.

/** What /comment lists: an episode's comments (`?episode=`), or a whole series' (`?series=`). */
export type CommentTarget = { kind: 'episode'; id: number } | { kind: 'series'; id: number };

type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

const one = (raw: string | readonly string[] | undefined) => (typeof raw === 'string' ? raw : raw?.[0]);
const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** The target a /comment query names: `episode` first, else `series`; null when neither is an id. */
export function readCommentTarget(query: Query): CommentTarget | null {
  const episode = idOf(one(query.episode));
  if (episode !== null) return { kind: 'episode', id: episode };
  const series = idOf(one(query.series));
  return series !== null ? { kind: 'series', id: series } : null;
}

/** `?sort=BEST` orders by likes; anything else is the newest first. */
export function readCommentSort(raw: string | readonly string[] | undefined): CommentSort {
  return one(raw) === 'BEST' ? 'BEST' : 'NEWEST';
}

/** The route helper's form of a target. */
export function targetParam(target: CommentTarget): { episode: number } | { series: number } {
  return target.kind === 'episode' ? { episode: target.id } : { series: target.id };
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters as a reader counts them (an emoji is one), after trimming, as the api counts them. */
export function commentLength(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text.trim())) n++;
  return n;
}

/** What the form says before sending: nothing written, or more than 500 characters. */
export function commentProblem(text: string): 'empty' | 'tooLong' | null {
  if (text.trim().length === 0) return 'empty';
  if (commentLength(text) > COMMENT_MAX_LENGTH) return 'tooLong';
  return validateComment(text, []).ok ? null : 'tooLong';
}
