import {
  AppError,
  COMMENT_BLIND_REPORTS,
  type Locale,
  type ShownCommentState,
  validateComment,
} from '@balcony/contracts';
import { hasProhibitedWord } from './prohibited-words.js';

// The comment rules, free of the database (decisions 0190–0194).

/** What `comments.state` holds: null (shown), REPORT (shown, reported), BLIND, DELETED. */
export type StoredCommentState = 'REPORT' | 'BLIND' | 'DELETED' | null;

/**
 * A comment's text as stored (spec §5): trimmed, not blank, at most 500 characters as a reader
 * counts them, and free of the prohibited words of the brand's locale and of English. Every
 * refusal is INVALID_PARAMETER, the code spec §8 gives input errors (decision 0069).
 */
export function commentText(content: string, locale: Locale): string {
  const checked = validateComment(content, []);
  if (!checked.ok) throw new AppError(checked.code, { field: 'content', reason: 'blank or too long' });
  const text = content.trim();
  if (hasProhibitedWord(text, locale)) {
    throw new AppError('INVALID_PARAMETER', { field: 'content', reason: 'prohibited word' });
  }
  return text;
}

/**
 * The state after one more member reported a comment that now has `reports` reports: REPORT, and
 * BLIND from COMMENT_BLIND_REPORTS on. A hidden or deleted comment stays as it is.
 */
export function stateAfterReport(state: StoredCommentState, reports: number): StoredCommentState {
  if (state === 'BLIND' || state === 'DELETED') return state;
  return reports >= COMMENT_BLIND_REPORTS ? 'BLIND' : 'REPORT';
}

/** What readers are told of a state: a reported comment is still shown like any other. */
export function shownState(state: StoredCommentState): ShownCommentState | null {
  return state === 'BLIND' || state === 'DELETED' ? state : null;
}

/**
 * The text a reader gets: none for a deleted comment, none for a hidden one except for its
 * author on their own list (who may want to know what was hidden).
 */
export function shownContent(
  row: { content: string; state: StoredCommentState },
  viewer: 'reader' | 'author',
): string | null {
  if (row.state === 'DELETED') return null;
  if (row.state === 'BLIND' && viewer === 'reader') return null;
  return row.content;
}

/** Only the author deletes a comment; anyone else is FORBIDDEN (decision 0192). */
export function assertMayDelete(comment: { authorId: number }, userId: number): void {
  if (comment.authorId !== userId) throw new AppError('FORBIDDEN');
}

/** A member reports or blocks others' comments, never their own. */
export function assertNotOwn(comment: { authorId: number }, userId: number, action: 'report' | 'block'): void {
  if (comment.authorId !== userId) return;
  throw action === 'report' ? new AppError('FORBIDDEN') : new AppError('INVALID_PARAMETER', { reason: 'self block' });
}

/** Likes and reports apply to comments still shown (a deleted or hidden one is NOT_EXIST). */
export function assertShown(comment: { state: StoredCommentState }): void {
  if (comment.state === 'DELETED' || comment.state === 'BLIND') throw new AppError('NOT_EXIST');
}

/** Admins blind any comment not deleted, and restore a reported or hidden one. */
export function assertModeratable(comment: { state: StoredCommentState }, action: 'blind' | 'restore'): void {
  if (comment.state === 'DELETED') throw new AppError('NOT_EXIST');
  if (action === 'restore' && comment.state === null) {
    throw new AppError('INVALID_PARAMETER', { reason: 'nothing to restore' });
  }
}
