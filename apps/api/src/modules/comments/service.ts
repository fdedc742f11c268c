import {
  type AdminComment,
  type AdminCommentPage,
  type AdminCommentQuery,
  AppError,
  COMMENT_PAGE_SIZE,
  type Comment,
  type CommentBlock,
  type CommentBlockList,
  type CommentDeleted,
  type CommentLikeResult,
  type CommentListQuery,
  type CommentPage,
  type CommentPageQuery,
  type CommentReportResult,
  type CommentUnblocked,
  type MyCommentPage,
  type WriteCommentRequest,
} from '@balcony/contracts';
import { type AdminContext, type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import { recordAction } from '../admin/service.js';
import * as catalog from '../catalog/service.js';
import * as repo from './repo.js';
import {
  assertMayDelete,
  assertModeratable,
  assertNotOwn,
  assertShown,
  commentText,
  shownContent,
  shownState,
  stateAfterReport,
} from './rules.js';

// Comments on episodes (issue 13 item 1, decisions 0190–0194) and their moderation (item 8).
// Comments belong to the brand they were written in; a reader reaches them only through a series
// the brand offers and the reader's audience may see (catalog's visibility codes).

const pageOf = (page: number) => ({ offset: (page - 1) * COMMENT_PAGE_SIZE, limit: COMMENT_PAGE_SIZE });

type ListedRow = Awaited<ReturnType<typeof repo.listComments>>['rows'][number];

function toComment(row: ListedRow, viewerId: number | null): Comment {
  return {
    id: row.id,
    seriesId: row.seriesId,
    episode: { id: row.episodeId, number: row.episodeNumber, title: row.episodeTitle },
    nickname: row.state === 'DELETED' ? null : row.nickname,
    content: shownContent(row, 'reader'),
    spoiler: row.spoiler,
    state: shownState(row.state),
    likeCount: row.likeCount,
    liked: row.liked,
    reported: row.reported,
    mine: row.authorId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /episodes/{id}/comments: an episode's comments, newest or best first. */
export async function episodeComments(
  ctx: ServiceContext,
  episodeId: number,
  query: CommentListQuery,
): Promise<CommentPage> {
  const { episode, series } = await catalog.visibleEpisode(ctx, episodeId);
  const viewerId = ctx.user?.id ?? null;
  const { rows, total } = await repo.listComments(
    ctx.db,
    { brandId: ctx.brand.id, episodeId: episode.id, viewerId },
    query.sort,
    pageOf(query.page),
  );
  return {
    series: { id: series.id, title: series.title },
    episode: { id: episode.id, number: episode.number, title: episode.title },
    sort: query.sort,
    items: rows.map((row) => toComment(row, viewerId)),
    page: query.page,
    size: COMMENT_PAGE_SIZE,
    total,
  };
}

/** GET /contents/{id}/comments: the comments of every episode of a series (/comment?series=). */
export async function seriesComments(
  ctx: ServiceContext,
  seriesId: number,
  query: CommentListQuery,
): Promise<CommentPage> {
  const series = await catalog.visibleSeries(ctx, seriesId);
  const viewerId = ctx.user?.id ?? null;
  const { rows, total } = await repo.listComments(
    ctx.db,
    { brandId: ctx.brand.id, seriesId: series.id, viewerId },
    query.sort,
    pageOf(query.page),
  );
  return {
    series: { id: series.id, title: series.title },
    episode: null,
    sort: query.sort,
    items: rows.map((row) => toComment(row, viewerId)),
    page: query.page,
    size: COMMENT_PAGE_SIZE,
    total,
  };
}

/** POST /episodes/{id}/comments: the member's comment, checked against spec §5. */
export async function write(ctx: MemberContext, episodeId: number, input: WriteCommentRequest): Promise<Comment> {
  const content = commentText(input.content, ctx.brand.locale);
  const { episode, series } = await catalog.visibleEpisode(ctx, episodeId);
  const row = await repo.insertComment(ctx.db, {
    brandId: ctx.brand.id,
    seriesId: series.id,
    episodeId: episode.id,
    authorId: ctx.user.id,
    content,
    spoiler: input.spoiler,
  });
  return {
    id: row.id,
    seriesId: row.seriesId,
    episode: { id: episode.id, number: episode.number, title: episode.title },
    nickname: ctx.user.nickname,
    content: row.content,
    spoiler: row.spoiler,
    state: null,
    likeCount: 0,
    liked: false,
    reported: false,
    mine: true,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A comment of the brand on a series the caller may see (NOT_EXIST, or the series' codes). */
async function visibleComment(ctx: ServiceContext, id: number, lock = false): Promise<repo.CommentRow> {
  const comment = await repo.findComment(ctx.db, ctx.brand.id, id, lock);
  if (!comment) throw new AppError('NOT_EXIST');
  await catalog.visibleSeries(ctx, comment.seriesId);
  return comment;
}

/** PUT /comments/{id}/like: idempotent. */
export function like(ctx: MemberContext, id: number): Promise<CommentLikeResult> {
  return withTransaction(ctx, async (tx) => {
    const comment = await visibleComment(tx, id, true);
    assertShown(comment);
    return { liked: true, likeCount: await repo.like(tx.db, comment.id, tx.user.id) };
  });
}

/** DELETE /comments/{id}/like: idempotent. */
export function unlike(ctx: MemberContext, id: number): Promise<CommentLikeResult> {
  return withTransaction(ctx, async (tx) => {
    const comment = await visibleComment(tx, id, true);
    assertShown(comment);
    return { liked: false, likeCount: await repo.unlike(tx.db, comment.id, tx.user.id) };
  });
}

/**
 * POST /comments/{id}/report: counted once per member; the comment becomes REPORT, and BLIND at
 * COMMENT_BLIND_REPORTS. The row is locked, so reports at the same moment all count.
 */
export function report(ctx: MemberContext, id: number): Promise<CommentReportResult> {
  return withTransaction(ctx, async (tx) => {
    const comment = await visibleComment(tx, id, true);
    assertNotOwn(comment, tx.user.id, 'report');
    assertShown(comment);
    if (await repo.addReport(tx.db, comment.id, tx.user.id)) {
      const reports = comment.reportCount + 1;
      const state = stateAfterReport(comment.state, reports);
      await repo.setState(tx.db, comment.id, { state, reportCount: reports, now: tx.now });
      return { reported: true, state: shownState(state) };
    }
    return { reported: true, state: shownState(comment.state) };
  });
}

/** DELETE /comments/{id}: the author's own comment only (FORBIDDEN for anyone else); idempotent. */
export function remove(ctx: MemberContext, id: number): Promise<CommentDeleted> {
  return withTransaction(ctx, async (tx) => {
    const comment = await repo.findComment(tx.db, tx.brand.id, id, true);
    if (!comment) throw new AppError('NOT_EXIST');
    assertMayDelete(comment, tx.user.id);
    if (comment.state !== 'DELETED') await repo.setState(tx.db, comment.id, { state: 'DELETED', now: tx.now });
    return { deleted: true };
  });
}

/** GET /comments/my: the member's own comments, newest first, with links back to their episodes. */
export async function myComments(ctx: MemberContext, query: CommentPageQuery): Promise<MyCommentPage> {
  const { rows, total } = await repo.listByAuthor(ctx.db, ctx.brand.id, ctx.user.id, pageOf(query.page));
  return {
    items: rows.map((row) => ({
      id: row.id,
      series: { id: row.seriesId, title: row.seriesTitle },
      episode: { id: row.episodeId, number: row.episodeNumber, title: row.episodeTitle },
      content: shownContent(row, 'author'),
      spoiler: row.spoiler,
      state: shownState(row.state),
      likeCount: row.likeCount,
      createdAt: row.createdAt.toISOString(),
    })),
    page: query.page,
    size: COMMENT_PAGE_SIZE,
    total,
  };
}

// ——— blocks (spec §3 BLOCK) ———

const toBlock = (row: { id: number; nickname: string | null; createdAt: Date }): CommentBlock => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** POST /comments/{id}/block: the caller stops seeing the author's comments (idempotent). */
export async function blockAuthor(ctx: MemberContext, commentId: number): Promise<CommentBlock> {
  const comment = await visibleComment(ctx, commentId);
  assertNotOwn(comment, ctx.user.id, 'block');
  return toBlock(await repo.block(ctx.db, ctx.user.id, comment.authorId));
}

/** GET /comments/blocks: the members the caller blocked, latest first. */
export async function blocks(ctx: MemberContext): Promise<CommentBlockList> {
  return { items: (await repo.listBlocks(ctx.db, ctx.user.id)).map(toBlock) };
}

/** DELETE /comments/blocks/{id}: one of the caller's blocks (NOT_EXIST for any other id). */
export async function unblock(ctx: MemberContext, blockId: number): Promise<CommentUnblocked> {
  if (!(await repo.unblock(ctx.db, ctx.user.id, blockId))) throw new AppError('NOT_EXIST');
  return { unblocked: true };
}

// ——— moderation (issue 13 item 8) ———

type ModerationRow = Awaited<ReturnType<typeof repo.listForModeration>>['rows'][number];

const toAdminComment = (row: ModerationRow): AdminComment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /admin/comments: the brand's reported (or hidden) comments, the latest changed first. */
export async function moderationList(ctx: AdminContext, query: AdminCommentQuery): Promise<AdminCommentPage> {
  const { rows, total } = await repo.listForModeration(ctx.db, ctx.brand.id, query.state, pageOf(query.page));
  return { items: rows.map(toAdminComment), page: query.page, size: COMMENT_PAGE_SIZE, total };
}

/**
 * PUT /admin/comments/{id}/blind and /restore: hides a comment, or shows a reported or hidden one
 * again with its reports forgotten (so it takes COMMENT_BLIND_REPORTS new ones to hide it again).
 * The change and its audit row commit together.
 */
export function moderate(ctx: AdminContext, id: number, action: 'blind' | 'restore'): Promise<AdminComment> {
  return withTransaction(ctx, async (tx) => {
    const comment = await repo.findComment(tx.db, tx.brand.id, id, true);
    if (!comment) throw new AppError('NOT_EXIST');
    assertModeratable(comment, action);
    if (action === 'blind') {
      await repo.setState(tx.db, comment.id, { state: 'BLIND', now: tx.now });
    } else {
      await repo.clearReports(tx.db, comment.id);
      await repo.setState(tx.db, comment.id, { state: null, reportCount: 0, now: tx.now });
    }
    const row = await repo.moderationRow(tx.db, comment.id);
    if (!row) throw new Error('moderated comment not found');
    await recordAction(tx, {
      action: action === 'blind' ? 'COMMENT_BLIND' : 'COMMENT_RESTORE',
      targetType: 'comment',
      targetId: comment.id,
      targetUserId: comment.authorId,
      before: { state: comment.state, reportCount: comment.reportCount },
      after: { state: row.state, reportCount: row.reportCount },
    });
    return toAdminComment(row);
  });
}
