import {
  AdminFaq,
  AdminFaqCategory,
  AdminFaqEntry,
  AdminNotice,
  AdminNoticePage,
  AdminPolicyVersion,
  CompanyInfo,
  CompanyInfoInput,
  FaqCategoryInput,
  FaqEntryInput,
  FaqQuery,
  FaqResponse,
  IdParams,
  NOTICE_NAV_CACHE_MS,
  NoticeDetail,
  NoticeInput,
  NoticeListQuery,
  NoticePage,
  PolicyDocument,
  PolicyParams,
  PolicyPublishRequest,
  PolicyQuery,
  SupportDeleted,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as support from './service.js';

/** Spec §9: notices (and the FAQ and policies, which change as rarely) are kept 5 minutes. */
const MAX_AGE = NOTICE_NAV_CACHE_MS / 1000;

/**
 * Notices, FAQ and policies (issue 13): read by anyone without a bearer (nothing in them is a
 * member's), published by the brand's admins, every change in the audit log.
 */
const SUPPORT = ['SUPPORT'] as const;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['support']);
  const admin = routesOf(app, ['admin', 'support']);

  route({
    method: 'GET',
    url: '/notices',
    summary: 'Published notices of the brand, pinned first then newest, a page at a time',
    access: 'public',
    query: NoticeListQuery,
    response: NoticePage,
    publicMaxAge: MAX_AGE,
    handler: (ctx, { query }) => support.listNotices(ctx, query),
  });

  route({
    method: 'GET',
    url: '/notices/:id',
    summary: 'One published notice (sanitised HTML body) with the previous and next in the list',
    access: 'public',
    params: IdParams,
    response: NoticeDetail,
    publicMaxAge: MAX_AGE,
    handler: (ctx, { params }) => support.noticeDetail(ctx, params.id),
  });

  route({
    method: 'GET',
    url: '/faq',
    summary: 'The brand’s FAQ by category; with q, only entries whose question or answer holds it',
    access: 'public',
    query: FaqQuery,
    response: FaqResponse,
    publicMaxAge: MAX_AGE,
    handler: (ctx, { query }) => support.faq(ctx, query),
  });

  route({
    method: 'GET',
    url: '/policies/:kind',
    summary: 'The terms or privacy policy in force (or the version asked), its versions and the company',
    access: 'public',
    params: PolicyParams,
    query: PolicyQuery,
    response: PolicyDocument,
    publicMaxAge: MAX_AGE,
    handler: (ctx, { params, query }) => support.policy(ctx, params.kind, query.version),
  });

  // ——— admins of the brand ———

  admin({
    method: 'GET',
    url: '/admin/notices',
    summary: 'Every notice of the brand, drafts and scheduled ones included, latest written first',
    access: { admin: SUPPORT },
    query: NoticeListQuery,
    response: AdminNoticePage,
    handler: (ctx, { query }) => support.adminNotices(ctx, query),
  });

  admin({
    method: 'POST',
    url: '/admin/notices',
    summary: 'Write a notice (body sanitised to the spec §9 allowlist); published now unless told otherwise',
    access: { admin: SUPPORT },
    body: NoticeInput,
    response: AdminNotice,
    handler: (ctx, { body }) => support.createNotice(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/notices/:id',
    summary: 'Replace a notice of the brand',
    access: { admin: SUPPORT },
    params: IdParams,
    body: NoticeInput,
    response: AdminNotice,
    handler: (ctx, { params, body }) => support.updateNotice(ctx, params.id, body),
  });

  admin({
    method: 'DELETE',
    url: '/admin/notices/:id',
    summary: 'Delete a notice of the brand',
    access: { admin: SUPPORT },
    params: IdParams,
    response: SupportDeleted,
    handler: (ctx, { params }) => support.deleteNotice(ctx, params.id),
  });

  admin({
    method: 'GET',
    url: '/admin/faq',
    summary: 'The brand’s whole FAQ for editing: every category, empty ones too, with positions',
    access: { admin: SUPPORT },
    response: AdminFaq,
    handler: (ctx) => support.adminFaq(ctx),
  });

  admin({
    method: 'POST',
    url: '/admin/faq/categories',
    summary: 'Add a FAQ category',
    access: { admin: SUPPORT },
    body: FaqCategoryInput,
    response: AdminFaqCategory,
    handler: (ctx, { body }) => support.createFaqCategory(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/faq/categories/:id',
    summary: 'Rename or move a FAQ category',
    access: { admin: SUPPORT },
    params: IdParams,
    body: FaqCategoryInput,
    response: AdminFaqCategory,
    handler: (ctx, { params, body }) => support.updateFaqCategory(ctx, params.id, body),
  });

  admin({
    method: 'DELETE',
    url: '/admin/faq/categories/:id',
    summary: 'Delete an empty FAQ category',
    access: { admin: SUPPORT },
    params: IdParams,
    response: SupportDeleted,
    handler: (ctx, { params }) => support.deleteFaqCategory(ctx, params.id),
  });

  admin({
    method: 'POST',
    url: '/admin/faq/entries',
    summary: 'Add a question and its answer (sanitised) to a FAQ category',
    access: { admin: SUPPORT },
    body: FaqEntryInput,
    response: AdminFaqEntry,
    handler: (ctx, { body }) => support.createFaqEntry(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/faq/entries/:id',
    summary: 'Replace a FAQ entry',
    access: { admin: SUPPORT },
    params: IdParams,
    body: FaqEntryInput,
    response: AdminFaqEntry,
    handler: (ctx, { params, body }) => support.updateFaqEntry(ctx, params.id, body),
  });

  admin({
    method: 'DELETE',
    url: '/admin/faq/entries/:id',
    summary: 'Delete a FAQ entry',
    access: { admin: SUPPORT },
    params: IdParams,
    response: SupportDeleted,
    handler: (ctx, { params }) => support.deleteFaqEntry(ctx, params.id),
  });

  admin({
    method: 'POST',
    url: '/admin/policies',
    summary: 'Publish the next version of the terms or the privacy policy, in force now or later',
    access: { admin: SUPPORT },
    body: PolicyPublishRequest,
    response: AdminPolicyVersion,
    handler: (ctx, { body }) => support.publishPolicy(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/company',
    summary: 'Set the company running the brand, shown with its policies',
    access: { admin: SUPPORT },
    body: CompanyInfoInput,
    response: CompanyInfo,
    handler: (ctx, { body }) => support.setCompany(ctx, body),
  });
};
