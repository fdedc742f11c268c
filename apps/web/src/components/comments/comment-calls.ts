import {
  CommentBlock,
  CommentDeleted,
  CommentLikeResult,
  CommentReportResult,
  Comment as CommentSchema,
  type WriteCommentRequest,
} from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's comment calls, through the front proxy, answers checked against the contracts.
// Loaded by the comment screen's form and buttons only when they act.

export const writeComment = (episodeId: number, body: WriteCommentRequest) =>
  frontFetch(`/episodes/${episodeId}/comments`, CommentSchema, { method: 'POST', body });

export const setLike = (commentId: number, liked: boolean) =>
  frontFetch(`/comments/${commentId}/like`, CommentLikeResult, { method: liked ? 'PUT' : 'DELETE' });

export const reportComment = (commentId: number) =>
  frontFetch(`/comments/${commentId}/report`, CommentReportResult, { method: 'POST' });

export const deleteComment = (commentId: number) =>
  frontFetch(`/comments/${commentId}`, CommentDeleted, { method: 'DELETE' });

export const blockAuthor = (commentId: number) =>
  frontFetch(`/comments/${commentId}/block`, CommentBlock, { method: 'POST' });
