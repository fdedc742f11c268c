import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from './constants.js';
import { IdParam, PageNumber, text } from './inputs.js';

// Comments on episodes (spec §2 /comment and /comment/my, §3 comment states, §5 rules, §6 login
// required; issue 13; docs/decisions/0190–0194). Comments are flat (no replies, decision 0191).
// What a reader sees of a comment depends on its state: REPORT is still shown, BLIND and DELETED
// lose their text, and a blocked member's comments (BLOCK) are left out for the blocker.

export const COMMENT_PAGE_SIZE = 20;

/** The orders of a comment list: newest first, or most liked first (then newest). */
export const CommentSort = z.enum(['NEWEST', 'BEST']);
export type CommentSort = z.infer<typeof CommentSort>;

export const CommentListQuery = z.object({
  sort: CommentSort.default('NEWEST'),
  page: PageNumber.default(1),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

export const CommentPageQuery = z.object({ page: PageNumber.default(1) });
export type CommentPageQuery = z.infer<typeof CommentPageQuery>;

/**
 * POST /episodes/{id}/comments. The bound here only refuses a huge body at the door (16 UTF-16
 * units per character covers the longest emoji); the api counts characters and checks the words.
 */
export const WriteCommentRequest = z.object({
  content: text(16 * COMMENT_MAX_LENGTH),
  spoiler: z.boolean().default(false),
});
export type WriteCommentRequest = z.infer<typeof WriteCommentRequest>;

/** The state a reader is shown: null (shown), BLIND (hidden by reports or an admin), DELETED (by its author). */
export const ShownCommentState = z.enum(['BLIND', 'DELETED']);
export type ShownCommentState = z.infer<typeof ShownCommentState>;

/** The episode a comment is about, for its label and the link back to it. */
export const CommentEpisode = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
});
export type CommentEpisode = z.infer<typeof CommentEpisode>;

/** A comment as a list shows it to the caller. */
export const Comment = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  episode: CommentEpisode,
  /** The author's nickname; null when they set none or withdrew (withdrawal erases it). */
  nickname: z.string().nullable(),
  /** The text, always shown as plain text; null when BLIND or DELETED. */
  content: z.string().nullable(),
  spoiler: z.boolean(),
  state: ShownCommentState.nullable(),
  likeCount: z.number().int(),
  /** The caller liked it; false for a visitor. */
  liked: z.boolean(),
  /** The caller reported it; false for a visitor. */
  reported: z.boolean(),
  /** The caller wrote it (may delete it, may not report or block it). */
  mine: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof Comment>;

/** GET /episodes/{id}/comments and GET /contents/{id}/comments. */
export const CommentPage = z.object({
  series: z.object({ id: z.number().int(), title: z.string() }),
  /** The episode listed; null for a whole series' comments. */
  episode: CommentEpisode.nullable(),
  sort: CommentSort,
  items: z.array(Comment),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type CommentPage = z.infer<typeof CommentPage>;

/** One of the caller's own comments (/comment/my), with what links back to its episode. */
export const MyComment = z.object({
  id: z.number().int(),
  series: z.object({ id: z.number().int(), title: z.string() }),
  episode: CommentEpisode,
  /** The text; kept for its author when BLIND, null when DELETED. */
  content: z.string().nullable(),
  spoiler: z.boolean(),
  state: ShownCommentState.nullable(),
  likeCount: z.number().int(),
  createdAt: z.string(),
});
export type MyComment = z.infer<typeof MyComment>;

export const MyCommentPage = z.object({
  items: z.array(MyComment),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type MyCommentPage = z.infer<typeof MyCommentPage>;

/** PUT/DELETE /comments/{id}/like: the comment's count after the change. */
export const CommentLikeResult = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type CommentLikeResult = z.infer<typeof CommentLikeResult>;

/** POST /comments/{id}/report: reported once per member; BLIND once enough members did. */
export const CommentReportResult = z.object({ reported: z.literal(true), state: ShownCommentState.nullable() });
export type CommentReportResult = z.infer<typeof CommentReportResult>;

export const CommentDeleted = z.object({ deleted: z.literal(true) });
export type CommentDeleted = z.infer<typeof CommentDeleted>;

/** A member the caller blocked, named by the block (member ids are not shown to other members). */
export const CommentBlock = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  createdAt: z.string(),
});
export type CommentBlock = z.infer<typeof CommentBlock>;

export const CommentBlockList = z.object({ items: z.array(CommentBlock) });
export type CommentBlockList = z.infer<typeof CommentBlockList>;

export const CommentUnblocked = z.object({ unblocked: z.literal(true) });
export type CommentUnblocked = z.infer<typeof CommentUnblocked>;

// ——— moderation (admins of the brand) ———

/** GET /admin/comments: reported comments (REPORT, the default) or hidden ones (BLIND). */
export const AdminCommentQuery = z.object({
  state: z.enum(['REPORT', 'BLIND']).default('REPORT'),
  page: PageNumber.default(1),
});
export type AdminCommentQuery = z.infer<typeof AdminCommentQuery>;

export const AdminComment = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  episodeId: z.number().int(),
  authorId: z.number().int(),
  nickname: z.string().nullable(),
  /** The text as written, for the admin to judge. */
  content: z.string(),
  spoiler: z.boolean(),
  state: z.enum(['REPORT', 'BLIND', 'DELETED']).nullable(),
  reportCount: z.number().int(),
  likeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminComment = z.infer<typeof AdminComment>;

export const AdminCommentPage = z.object({
  items: z.array(AdminComment),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminCommentPage = z.infer<typeof AdminCommentPage>;

export const CommentIdParams = z.object({ id: IdParam });
