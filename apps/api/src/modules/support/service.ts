import {
  type AdminFaq,
  type AdminFaqCategory,
  type AdminFaqEntry,
  type AdminNotice,
  type AdminNoticePage,
  type AdminPolicyVersion,
  AppError,
  type CompanyInfo,
  type CompanyInfoInput,
  type FaqCategoryInput,
  type FaqEntryInput,
  type FaqQuery,
  FaqResponse,
  NOTICE_NAV_CACHE_MS,
  NoticeDetail,
  type NoticeInput,
  type NoticeListQuery,
  NoticePage,
  type NoticeState,
  normalizeSearchText,
  PolicyDocument,
  type PolicyKind,
  type PolicyPublishRequest,
  type PolicyStatus,
  type SupportDeleted,
} from '@balcony/contracts';
import type { z } from 'zod';
import { type AdminContext, type ServiceContext, withTransaction } from '../../context.js';
import { SharedAnswer } from '../../shared-cache.js';
import type { AuditAction } from '../admin/repo.js';
import { type ActionRecord, recordAction } from '../admin/service.js';
import { faqSearchText, sanitizeAdminHtml, textOfSanitized } from './html.js';
import * as repo from './repo.js';

// Notices, the FAQ and the policies (issue 13 items 2, 3, 5 and 8). Readers' calls are the same
// for everyone of a brand: each answer is computed once, serialised with its ETag and kept in the
// shared cache for at most the 5 minutes of spec §9 ("notice nav cache"), and dropped at once when
// an admin changes anything here (decision 0181). Admin changes sanitise every HTML text before it
// is stored and write their audit row in the same transaction.

// ——— the shared-read cache ———

/** An answer every reader of the brand shares, for at most NOTICE_NAV_CACHE_MS. */
function shared<T extends object>(
  ctx: ServiceContext,
  key: string,
  schema: z.ZodType<T>,
  compute: () => Promise<T>,
): Promise<SharedAnswer> {
  const until = new Date(ctx.now.getTime() + NOTICE_NAV_CACHE_MS);
  return ctx.services.cache.get(`${ctx.brand.id}|support|${key}|json`, until, async () =>
    SharedAnswer.of(schema.parse(await compute()), until),
  );
}

/**
 * Runs an admin change with its audit row in one transaction, then drops the shared answers so
 * that readers see the change at once (here and, with Redis, on the other replicas).
 */
async function adminChange<T>(
  ctx: AdminContext,
  action: AuditAction,
  change: (tx: AdminContext) => Promise<{ result: T; record: Omit<ActionRecord, 'action'> }>,
): Promise<T> {
  const result = await withTransaction(ctx, async (tx) => {
    const done = await change(tx);
    await recordAction(tx, { action, ...done.record });
    return done.result;
  });
  ctx.services.cache.invalidate();
  return result;
}

/** Admin HTML sanitised; INVALID_PARAMETER when nothing a reader could see is left. */
function cleanHtml(html: string, field: string): string {
  const clean = sanitizeAdminHtml(html);
  if (textOfSanitized(clean) === '') {
    throw new AppError('INVALID_PARAMETER', { field, reason: 'nothing is left once sanitised' });
  }
  return clean;
}

const iso = (date: Date) => date.toISOString();

// ——— notices ———

/** GET /notices: a page of the brand's published notices, pinned ones first, then the newest. */
export function listNotices(ctx: ServiceContext, query: NoticeListQuery): Promise<SharedAnswer> {
  return shared(ctx, `notices|${query.page}|${query.size}`, NoticePage, async () => {
    const { rows, total } = await repo.listPublishedNotices(ctx.db, ctx.brand.id, ctx.now, {
      offset: (query.page - 1) * query.size,
      limit: query.size,
    });
    return {
      items: rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
      page: query.page,
      size: query.size,
      total,
    };
  });
}

/** GET /notices/{id}: a published notice of the brand with its neighbours; NOT_EXIST otherwise. */
export function noticeDetail(ctx: ServiceContext, id: number): Promise<SharedAnswer> {
  return shared(ctx, `notice|${id}`, NoticeDetail, async () => {
    const notice = await repo.findPublishedNotice(ctx.db, ctx.brand.id, id, ctx.now);
    if (!notice) throw new AppError('NOT_EXIST');
    const { previous, next } = await repo.noticeNeighbours(ctx.db, ctx.brand.id, notice, ctx.now);
    return { ...notice, publishedAt: iso(notice.publishedAt), previous, next };
  });
}

function noticeState(publishedAt: Date | null, now: Date): NoticeState {
  if (publishedAt === null) return 'DRAFT';
  return publishedAt.getTime() > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

function toAdminNotice(row: repo.NoticeRow, now: Date): AdminNotice {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    state: noticeState(row.publishedAt, now),
    authorId: row.authorId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** GET /admin/notices: every notice of the brand, drafts and scheduled ones too. */
export async function adminNotices(ctx: AdminContext, query: NoticeListQuery): Promise<AdminNoticePage> {
  const { rows, total } = await repo.listAllNotices(ctx.db, ctx.brand.id, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return { items: rows.map((r) => toAdminNotice(r, ctx.now)), page: query.page, size: query.size, total };
}

/** What the admin sent, as stored: the body sanitised, the publication time decided. */
function noticeValues(input: NoticeInput, publishedWhenOmitted: Date | null): repo.NoticeValues {
  return {
    title: input.title,
    body: cleanHtml(input.body, 'body'),
    pinned: input.pinned,
    publishedAt:
      input.publishedAt === undefined
        ? publishedWhenOmitted
        : input.publishedAt === null
          ? null
          : new Date(input.publishedAt),
  };
}

const noticeRecord = (row: repo.NoticeRow) => ({
  title: row.title,
  body: row.body,
  pinned: row.pinned,
  publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
});

/** POST /admin/notices: published now unless `publishedAt` says later, or null for a draft. */
export function createNotice(ctx: AdminContext, input: NoticeInput): Promise<AdminNotice> {
  const values = noticeValues(input, ctx.now);
  return adminChange(ctx, 'NOTICE_CREATE', async (tx) => {
    const row = await repo.insertNotice(tx.db, { ...values, brandId: tx.brand.id, authorId: tx.admin.id });
    return {
      result: toAdminNotice(row, tx.now),
      record: { targetType: 'notice', targetId: row.id, after: noticeRecord(row) },
    };
  });
}

/** PUT /admin/notices/{id}: the whole notice; an omitted `publishedAt` keeps the current one. */
export function updateNotice(ctx: AdminContext, id: number, input: NoticeInput): Promise<AdminNotice> {
  return adminChange(ctx, 'NOTICE_UPDATE', async (tx) => {
    const current = await repo.findNotice(tx.db, tx.brand.id, id);
    if (!current) throw new AppError('NOT_EXIST');
    const values = noticeValues(input, current.publishedAt);
    const row = await repo.updateNotice(tx.db, tx.brand.id, id, {
      ...values,
      authorId: tx.admin.id,
      updatedAt: tx.now,
    });
    if (!row) throw new AppError('NOT_EXIST');
    return {
      result: toAdminNotice(row, tx.now),
      record: { targetType: 'notice', targetId: row.id, before: noticeRecord(current), after: noticeRecord(row) },
    };
  });
}

export function deleteNotice(ctx: AdminContext, id: number): Promise<SupportDeleted> {
  return adminChange(ctx, 'NOTICE_DELETE', async (tx) => {
    const row = await repo.deleteNotice(tx.db, tx.brand.id, id);
    if (!row) throw new AppError('NOT_EXIST');
    return {
      result: { deleted: true as const },
      record: { targetType: 'notice', targetId: row.id, before: noticeRecord(row) },
    };
  });
}

// ——— FAQ ———

interface FaqData {
  categories: {
    id: number;
    name: string;
    entries: { id: number; question: string; answer: string; searchText: string }[];
  }[];
  bytes: number;
}

/** The brand's whole FAQ with each entry's search text, shared until it changes. */
function faqData(ctx: ServiceContext): Promise<FaqData> {
  const until = new Date(ctx.now.getTime() + NOTICE_NAV_CACHE_MS);
  return ctx.services.cache.get(`${ctx.brand.id}|support|faq-data`, until, async () => {
    const { categories, entries } = await repo.listFaq(ctx.db, ctx.brand.id);
    const list = categories.map((c) => ({
      id: c.id,
      name: c.name,
      entries: entries
        .filter((e) => e.categoryId === c.id)
        .map((e) => ({ id: e.id, question: e.question, answer: e.answer, searchText: e.searchText })),
    }));
    const bytes = 2 * entries.reduce((n, e) => n + e.question.length + e.answer.length + e.searchText.length, 0);
    return { categories: list, bytes };
  });
}

/**
 * GET /faq?q=: the brand's FAQ; with `q`, only the entries whose question or answer text holds
 * it as a fragment, compared in the search form (NFKC, lower case, katakana as hiragana), so it
 * finds words in every script without splitting them (decision 0182).
 */
export function faq(ctx: ServiceContext, query: FaqQuery): Promise<SharedAnswer> {
  const typed = query.q?.trim() ?? '';
  const needle = normalizeSearchText(typed);
  return shared(ctx, `faq|${typed}`, FaqResponse, async () => {
    const data = await faqData(ctx);
    const categories = data.categories
      .map((c) => ({
        id: c.id,
        name: c.name,
        entries: c.entries
          .filter((e) => needle === '' || e.searchText.includes(needle))
          .map((e) => ({ id: e.id, question: e.question, answer: e.answer })),
      }))
      .filter((c) => c.entries.length > 0);
    return {
      query: needle === '' ? null : typed,
      categories,
      total: categories.reduce((n, c) => n + c.entries.length, 0),
    };
  });
}

/** GET /admin/faq: every category (empty ones too, which readers do not see) with positions. */
export async function adminFaq(ctx: AdminContext): Promise<AdminFaq> {
  const { categories, entries } = await repo.listFaq(ctx.db, ctx.brand.id);
  return {
    categories: categories.map((c) => ({
      ...c,
      entries: entries
        .filter((e) => e.categoryId === c.id)
        .map((e) => ({
          id: e.id,
          categoryId: e.categoryId,
          question: e.question,
          answer: e.answer,
          position: e.position,
        })),
    })),
  };
}

const toAdminCategory = (row: repo.FaqCategoryRow): AdminFaqCategory => ({
  id: row.id,
  name: row.name,
  position: row.position,
});
const categoryRecord = (row: repo.FaqCategoryRow) => ({ name: row.name, position: row.position });

export function createFaqCategory(ctx: AdminContext, input: FaqCategoryInput): Promise<AdminFaqCategory> {
  return adminChange(ctx, 'FAQ_CATEGORY_CREATE', async (tx) => {
    const row = await repo.insertFaqCategory(tx.db, { brandId: tx.brand.id, ...input });
    return {
      result: toAdminCategory(row),
      record: { targetType: 'faq-category', targetId: row.id, after: categoryRecord(row) },
    };
  });
}

export function updateFaqCategory(ctx: AdminContext, id: number, input: FaqCategoryInput): Promise<AdminFaqCategory> {
  return adminChange(ctx, 'FAQ_CATEGORY_UPDATE', async (tx) => {
    const current = await repo.findFaqCategory(tx.db, tx.brand.id, id);
    if (!current) throw new AppError('NOT_EXIST');
    const row = await repo.updateFaqCategory(tx.db, tx.brand.id, id, { ...input, updatedAt: tx.now });
    if (!row) throw new AppError('NOT_EXIST');
    return {
      result: toAdminCategory(row),
      record: {
        targetType: 'faq-category',
        targetId: row.id,
        before: categoryRecord(current),
        after: categoryRecord(row),
      },
    };
  });
}

/** A category goes only once it is empty, so no answer is lost with it (INVALID_PARAMETER). */
export function deleteFaqCategory(ctx: AdminContext, id: number): Promise<SupportDeleted> {
  return adminChange(ctx, 'FAQ_CATEGORY_DELETE', async (tx) => {
    const current = await repo.findFaqCategory(tx.db, tx.brand.id, id);
    if (!current) throw new AppError('NOT_EXIST');
    if ((await repo.countFaqEntries(tx.db, id)) > 0) {
      throw new AppError('INVALID_PARAMETER', { field: 'id', reason: 'the category still holds entries' });
    }
    await repo.deleteFaqCategory(tx.db, tx.brand.id, id);
    return {
      result: { deleted: true as const },
      record: { targetType: 'faq-category', targetId: id, before: categoryRecord(current) },
    };
  });
}

const toAdminEntry = (row: repo.FaqEntryRow): AdminFaqEntry => ({
  id: row.id,
  categoryId: row.categoryId,
  question: row.question,
  answer: row.answer,
  position: row.position,
});

/** The entry as stored: its category checked to be the brand's, the answer sanitised. */
async function faqEntryValues(tx: AdminContext, input: FaqEntryInput): Promise<repo.FaqEntryValues> {
  const category = await repo.findFaqCategory(tx.db, tx.brand.id, input.categoryId);
  if (!category) throw new AppError('INVALID_PARAMETER', { field: 'categoryId', reason: 'no such category' });
  const answer = cleanHtml(input.answer, 'answer');
  return {
    categoryId: category.id,
    question: input.question,
    answer,
    searchText: faqSearchText(input.question, answer),
    position: input.position,
  };
}

const entryRecord = (row: repo.FaqEntryRow) => ({
  categoryId: row.categoryId,
  question: row.question,
  answer: row.answer,
  position: row.position,
});

export function createFaqEntry(ctx: AdminContext, input: FaqEntryInput): Promise<AdminFaqEntry> {
  return adminChange(ctx, 'FAQ_ENTRY_CREATE', async (tx) => {
    const row = await repo.insertFaqEntry(tx.db, { ...(await faqEntryValues(tx, input)), brandId: tx.brand.id });
    return {
      result: toAdminEntry(row),
      record: { targetType: 'faq-entry', targetId: row.id, after: entryRecord(row) },
    };
  });
}

export function updateFaqEntry(ctx: AdminContext, id: number, input: FaqEntryInput): Promise<AdminFaqEntry> {
  return adminChange(ctx, 'FAQ_ENTRY_UPDATE', async (tx) => {
    const current = await repo.findFaqEntry(tx.db, tx.brand.id, id);
    if (!current) throw new AppError('NOT_EXIST');
    const values = await faqEntryValues(tx, input);
    const row = await repo.updateFaqEntry(tx.db, tx.brand.id, id, { ...values, updatedAt: tx.now });
    if (!row) throw new AppError('NOT_EXIST');
    return {
      result: toAdminEntry(row),
      record: { targetType: 'faq-entry', targetId: row.id, before: entryRecord(current), after: entryRecord(row) },
    };
  });
}

export function deleteFaqEntry(ctx: AdminContext, id: number): Promise<SupportDeleted> {
  return adminChange(ctx, 'FAQ_ENTRY_DELETE', async (tx) => {
    const row = await repo.deleteFaqEntry(tx.db, tx.brand.id, id);
    if (!row) throw new AppError('NOT_EXIST');
    return {
      result: { deleted: true as const },
      record: { targetType: 'faq-entry', targetId: row.id, before: entryRecord(row) },
    };
  });
}

// ——— policies ———

/** How far in the past an admin's `inForceAt` may be (clocks differ a little): one minute. */
const IN_FORCE_SKEW_MS = 60_000;

/**
 * The version in force at `now`: the highest-numbered one whose date has come. Versions come
 * into force in their numbers' order (publishPolicy refuses an earlier date than the last one's).
 */
export function versionInForce(versions: readonly { version: number; inForceAt: Date }[], now: Date): number | null {
  let current: number | null = null;
  for (const v of versions) {
    if (v.inForceAt.getTime() <= now.getTime() && (current === null || v.version > current)) current = v.version;
  }
  return current;
}

function policyStatus(version: { version: number; inForceAt: Date }, current: number | null, now: Date): PolicyStatus {
  if (version.version === current) return 'CURRENT';
  return version.inForceAt.getTime() > now.getTime() ? 'UPCOMING' : 'PAST';
}

function toCompany(row: repo.CompanyRow | null): CompanyInfo | null {
  if (!row) return null;
  return {
    name: row.name,
    address: row.address,
    representative: row.representative,
    registrationNumber: row.registrationNumber,
    email: row.email,
    phone: row.phone,
  };
}

/**
 * GET /policies/{kind}: the version in force (or the one `version` names, earlier or announced)
 * with every version's number, date and status, and the company running the brand. NOT_EXIST
 * when the brand has no version in force yet, or no such version.
 */
export function policy(ctx: ServiceContext, kind: PolicyKind, version: number | undefined): Promise<SharedAnswer> {
  return shared(ctx, `policy|${kind}|${version ?? 'current'}`, PolicyDocument, async () => {
    const [versions, company] = await Promise.all([
      repo.listPolicyVersions(ctx.db, ctx.brand.id, kind),
      repo.findCompany(ctx.db, ctx.brand.id),
    ]);
    const current = versionInForce(versions, ctx.now);
    const wanted = version ?? current;
    const row = wanted === null ? null : await repo.findPolicyVersion(ctx.db, ctx.brand.id, kind, wanted);
    if (!row) throw new AppError('NOT_EXIST');
    return {
      kind,
      version: row.version,
      title: row.title,
      body: row.body,
      inForceAt: iso(row.inForceAt),
      status: policyStatus(row, current, ctx.now),
      versions: versions.map((v) => ({
        version: v.version,
        title: v.title,
        inForceAt: iso(v.inForceAt),
        status: policyStatus(v, current, ctx.now),
      })),
      company: toCompany(company),
    };
  });
}

/**
 * POST /admin/policies: the next version of a policy, in force now or from a later date, never
 * before the latest version's date (INVALID_PARAMETER), so versions take effect in their order.
 */
export function publishPolicy(ctx: AdminContext, input: PolicyPublishRequest): Promise<AdminPolicyVersion> {
  const inForceAt = input.inForceAt ? new Date(input.inForceAt) : ctx.now;
  if (inForceAt.getTime() < ctx.now.getTime() - IN_FORCE_SKEW_MS) {
    throw new AppError('INVALID_PARAMETER', { field: 'inForceAt', reason: 'a new version cannot start in the past' });
  }
  const body = cleanHtml(input.body, 'body');
  return adminChange(ctx, 'POLICY_PUBLISH', async (tx) => {
    await repo.lockPolicyNumbering(tx.db, tx.brand.id, input.kind);
    const latest = await repo.latestPolicyVersion(tx.db, tx.brand.id, input.kind);
    if (latest && inForceAt.getTime() < latest.inForceAt.getTime()) {
      throw new AppError('INVALID_PARAMETER', {
        field: 'inForceAt',
        reason: `version ${latest.version} comes into force later`,
      });
    }
    const row = await repo.insertPolicy(tx.db, {
      brandId: tx.brand.id,
      kind: input.kind,
      version: (latest?.version ?? 0) + 1,
      title: input.title,
      body,
      inForceAt,
      authorId: tx.admin.id,
    });
    return {
      result: {
        id: row.id,
        kind: input.kind,
        version: row.version,
        title: row.title,
        inForceAt: iso(row.inForceAt),
        createdAt: iso(row.createdAt),
      },
      record: {
        targetType: 'policy',
        targetId: row.id,
        after: {
          kind: input.kind,
          version: row.version,
          title: row.title,
          body: row.body,
          inForceAt: iso(row.inForceAt),
        },
      },
    };
  });
}

/** PUT /admin/company: who runs the brand's service, shown with its policies. */
export function setCompany(ctx: AdminContext, input: CompanyInfoInput): Promise<CompanyInfo> {
  return adminChange(ctx, 'COMPANY_UPDATE', async (tx) => {
    const previous = await repo.findCompany(tx.db, tx.brand.id);
    const row = await repo.upsertCompany(tx.db, {
      brandId: tx.brand.id,
      ...input,
      updatedBy: tx.admin.id,
      updatedAt: tx.now,
    });
    const company = toCompany(row);
    if (!company) throw new Error('company not saved');
    return {
      result: company,
      record: { targetType: 'company', targetId: tx.brand.id, before: toCompany(previous), after: company },
    };
  });
}
