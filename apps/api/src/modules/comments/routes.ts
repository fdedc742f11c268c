import {
  AdminComment,
  AdminCommentPage,
  AdminCommentQuery,
  Comment,
  CommentBlock,
  CommentBlockList,
  CommentDeleted,
  CommentIdParams,
  CommentLikeResult,
  CommentListQuery,
  CommentPage,
  CommentPageQuery,
  CommentReportResult,
  CommentUnblocked,
  IdParams,
  MyCommentPage,
  WriteCommentRequest,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as comments from './service.js';

/**
 * Comments on episodes (issue 13, decisions 0190–0194): anyone reads them, members write, like,
 * report, delete their own and block authors; admins of the brand moderate, every change audited.
 */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['comments']);
  const admin = routesOf(app, ['admin', 'comments']);

  route({
    method: 'GET',
    url: '/episodes/:id/comments',
    summary: 'An episode’s comments, newest or best first, without those of members the caller blocked',
    access: 'visitor',
    params: IdParams,
    query: CommentListQuery,
    response: CommentPage,
    handler: (ctx, { params, query }) => comments.episodeComments(ctx, params.id, query),
  });

  route({
    method: 'GET',
    url: '/contents/:id/comments',
    summary: 'The comments of every episode of a series, newest or best first',
    access: 'visitor',
    params: IdParams,
    query: CommentListQuery,
    response: CommentPage,
    handler: (ctx, { params, query }) => comments.seriesComments(ctx, params.id, query),
  });

  route({
    method: 'POST',
    url: '/episodes/:id/comments',
    summary: 'Write a comment on an episode (1–500 characters, no prohibited word; rate-limited)',
    access: 'member',
    params: IdParams,
    body: WriteCommentRequest,
    response: Comment,
    // Limited per address and per member, like other writes a flood could abuse (decision 0194).
    sensitive: { account: (_input, ctx) => ctx.user.id },
    handler: (ctx, { params, body }) => comments.write(ctx, params.id, body),
  });

  route({
    method: 'GET',
    url: '/comments/my',
    summary: 'The caller’s own comments, newest first, with their series and episode',
    access: 'member',
    query: CommentPageQuery,
    response: MyCommentPage,
    handler: (ctx, { query }) => comments.myComments(ctx, query),
  });

  route({
    method: 'PUT',
    url: '/comments/:id/like',
    summary: 'Like a comment (idempotent)',
    access: 'member',
    params: CommentIdParams,
    response: CommentLikeResult,
    handler: (ctx, { params }) => comments.like(ctx, params.id),
  });

  route({
    method: 'DELETE',
    url: '/comments/:id/like',
    summary: 'Take back a like (idempotent)',
    access: 'member',
    params: CommentIdParams,
    response: CommentLikeResult,
    handler: (ctx, { params }) => comments.unlike(ctx, params.id),
  });

  route({
    method: 'POST',
    url: '/comments/:id/report',
    summary: 'Report another member’s comment (once per member; hidden after enough reports)',
    access: 'member',
    params: CommentIdParams,
    response: CommentReportResult,
    handler: (ctx, { params }) => comments.report(ctx, params.id),
  });

  route({
    method: 'DELETE',
    url: '/comments/:id',
    summary: 'Delete one’s own comment (shown as deleted)',
    access: 'member',
    params: CommentIdParams,
    response: CommentDeleted,
    handler: (ctx, { params }) => comments.remove(ctx, params.id),
  });

  route({
    method: 'POST',
    url: '/comments/:id/block',
    summary: 'Block the comment’s author: their comments disappear for the caller',
    access: 'member',
    params: CommentIdParams,
    response: CommentBlock,
    handler: (ctx, { params }) => comments.blockAuthor(ctx, params.id),
  });

  route({
    method: 'GET',
    url: '/comments/blocks',
    summary: 'The members the caller blocked',
    access: 'member',
    response: CommentBlockList,
    handler: (ctx) => comments.blocks(ctx),
  });

  route({
    method: 'DELETE',
    url: '/comments/blocks/:id',
    summary: 'Lift one of the caller’s blocks',
    access: 'member',
    params: CommentIdParams,
    response: CommentUnblocked,
    handler: (ctx, { params }) => comments.unblock(ctx, params.id),
  });

  // ——— admins of the brand ———

  admin({
    method: 'GET',
    url: '/admin/comments',
    summary: 'The brand’s reported (state REPORT) or hidden (BLIND) comments, the latest changed first',
    access: { admin: ['SUPPORT'] },
    query: AdminCommentQuery,
    response: AdminCommentPage,
    handler: (ctx, { query }) => comments.moderationList(ctx, query),
  });

  admin({
    method: 'PUT',
    url: '/admin/comments/:id/blind',
    summary: 'Hide a comment (BLIND); audited',
    access: { admin: ['SUPPORT'] },
    params: CommentIdParams,
    response: AdminComment,
    handler: (ctx, { params }) => comments.moderate(ctx, params.id, 'blind'),
  });

  admin({
    method: 'PUT',
    url: '/admin/comments/:id/restore',
    summary: 'Show a reported or hidden comment again, its reports forgotten; audited',
    access: { admin: ['SUPPORT'] },
    params: CommentIdParams,
    response: AdminComment,
    handler: (ctx, { params }) => comments.moderate(ctx, params.id, 'restore'),
  });
};
