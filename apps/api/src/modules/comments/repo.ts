import type { CommentSort } from '@balcony/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commentLikes,
  commentReports,
  comments,
  episodes,
  memberBlocks,
  seriesBrands,
  users,
} from '../../db/schema.js';
import type { StoredCommentState } from './rules.js';

// Queries of comments, comment_likes, comment_reports and member_blocks, which this module alone
// writes. Lists read the episode's number and title and the series' brand title beside them.
// `db` may be an open transaction.

export type CommentRow = typeof comments.$inferSelect;

interface Page {
  offset: number;
  limit: number;
}

/** The author's name as others see it: none when they set none, or once they withdrew. */
const nickname = sql<string | null>`case when ${users.status} = 'WITHDRAWN' then null else ${users.nickname} end`;

export async function insertComment(
  db: Db,
  row: { brandId: string; seriesId: number; episodeId: number; authorId: number; content: string; spoiler: boolean },
): Promise<CommentRow> {
  const [inserted] = await db.insert(comments).values(row).returning();
  if (!inserted) throw new Error('comment not inserted');
  return inserted;
}

/** A comment of the brand, locked for the caller's transaction when `lock` is set. */
export async function findComment(db: Db, brandId: string, id: number, lock = false): Promise<CommentRow | null> {
  const query = db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.brandId, brandId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Comments of an episode or of a whole series, as a reader lists them. */
export async function listComments(
  db: Db,
  filter: { brandId: string; episodeId?: number; seriesId?: number; viewerId: number | null },
  sort: CommentSort,
  page: Page,
) {
  const viewer = filter.viewerId;
  const where = and(
    eq(comments.brandId, filter.brandId),
    filter.episodeId === undefined ? undefined : eq(comments.episodeId, filter.episodeId),
    filter.seriesId === undefined ? undefined : eq(comments.seriesId, filter.seriesId),
    // BLOCK: a member does not see the comments of members they blocked.
    viewer === null
      ? undefined
      : sql`not exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${viewer} and ${memberBlocks.blockedId} = ${comments.authorId})`,
  );
  const order: SQL[] =
    sort === 'BEST'
      ? [desc(comments.likeCount), desc(comments.createdAt), desc(comments.id)]
      : [desc(comments.createdAt), desc(comments.id)];
  const mine = (table: typeof commentLikes | typeof commentReports) =>
    viewer === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${table} where ${table.commentId} = ${comments.id} and ${table.userId} = ${viewer})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        seriesId: comments.seriesId,
        episodeId: comments.episodeId,
        episodeNumber: episodes.number,
        episodeTitle: episodes.title,
        authorId: comments.authorId,
        nickname,
        content: comments.content,
        spoiler: comments.spoiler,
        state: comments.state,
        likeCount: comments.likeCount,
        liked: mine(commentLikes),
        reported: mine(commentReports),
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(episodes, eq(episodes.id, comments.episodeId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(where)
      .orderBy(...order)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A member's own comments, newest first, with their episode and the series' title in the brand. */
export async function listByAuthor(db: Db, brandId: string, authorId: number, page: Page) {
  const where = and(eq(comments.authorId, authorId), eq(comments.brandId, brandId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: comments.id,
        seriesId: comments.seriesId,
        seriesTitle: seriesBrands.title,
        episodeId: comments.episodeId,
        episodeNumber: episodes.number,
        episodeTitle: episodes.title,
        content: comments.content,
        spoiler: comments.spoiler,
        state: comments.state,
        likeCount: comments.likeCount,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(episodes, eq(episodes.id, comments.episodeId))
      .innerJoin(
        seriesBrands,
        and(eq(seriesBrands.seriesId, comments.seriesId), eq(seriesBrands.brandId, comments.brandId)),
      )
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setState(
  db: Db,
  id: number,
  change: { state: StoredCommentState; reportCount?: number; now: Date },
): Promise<void> {
  await db
    .update(comments)
    .set({
      state: change.state,
      updatedAt: change.now,
      ...(change.reportCount !== undefined && { reportCount: change.reportCount }),
    })
    .where(eq(comments.id, id));
}

// ——— likes ———

/** Adds the member's like once; answers the comment's count after. */
export async function like(db: Db, commentId: number, userId: number): Promise<number> {
  const added = await db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning();
  return bumpLikes(db, commentId, added.length);
}

/** Takes the member's like back if there was one; answers the comment's count after. */
export async function unlike(db: Db, commentId: number, userId: number): Promise<number> {
  const removed = await db
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning();
  return bumpLikes(db, commentId, -removed.length);
}

async function bumpLikes(db: Db, commentId: number, by: number): Promise<number> {
  const [row] = await db
    .update(comments)
    .set({ likeCount: sql`${comments.likeCount} + ${by}` })
    .where(eq(comments.id, commentId))
    .returning({ likeCount: comments.likeCount });
  return row?.likeCount ?? 0;
}

// ——— reports ———

/** Records the member's report once; true when it is new. */
export async function addReport(db: Db, commentId: number, userId: number): Promise<boolean> {
  const added = await db.insert(commentReports).values({ commentId, userId }).onConflictDoNothing().returning();
  return added.length > 0;
}

/** Forgets a comment's reports (an admin restored it, so reports count again from zero). */
export async function clearReports(db: Db, commentId: number): Promise<void> {
  await db.delete(commentReports).where(eq(commentReports.commentId, commentId));
}

const moderationColumns = {
  id: comments.id,
  seriesId: comments.seriesId,
  episodeId: comments.episodeId,
  authorId: comments.authorId,
  nickname,
  content: comments.content,
  spoiler: comments.spoiler,
  state: comments.state,
  reportCount: comments.reportCount,
  likeCount: comments.likeCount,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

/** Admin list: the brand's comments in a state, the latest changed first. */
export async function listForModeration(db: Db, brandId: string, state: 'REPORT' | 'BLIND', page: Page) {
  const where = and(eq(comments.brandId, brandId), eq(comments.state, state));
  const [rows, [total]] = await Promise.all([
    db
      .select(moderationColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(where)
      .orderBy(desc(comments.updatedAt), desc(comments.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One comment as the admin list shows it. */
export async function moderationRow(db: Db, id: number) {
  const [row] = await db
    .select(moderationColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  return row ?? null;
}

// ——— blocks ———

/** Blocks `blockedId` for `blockerId` once; answers the block (the existing one on a repeat). */
export async function block(db: Db, blockerId: number, blockedId: number) {
  await db.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  const [row] = await listBlocks(db, blockerId, blockedId);
  if (!row) throw new Error('block not stored');
  return row;
}

export function listBlocks(db: Db, blockerId: number, blockedId?: number) {
  return db
    .select({ id: memberBlocks.id, nickname, createdAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(
      and(
        eq(memberBlocks.blockerId, blockerId),
        blockedId === undefined ? undefined : eq(memberBlocks.blockedId, blockedId),
      ),
    )
    .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.id));
}

/** Removes one of the blocker's blocks; false when they hold none with this id. */
export async function unblock(db: Db, blockerId: number, blockId: number): Promise<boolean> {
  const removed = await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.id, blockId), eq(memberBlocks.blockerId, blockerId)))
    .returning({ id: memberBlocks.id });
  return removed.length > 0;
}
