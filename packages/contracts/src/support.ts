import { z } from 'zod';
import { Id, IdParam, PageNumber, text } from './inputs.js';

// Notices, the FAQ and the policies (spec §2 /notice, /notice/detail/{id}, /faq, /policy,
// /privacy; §9 "notices on detail 2", "notice nav cache 5 minutes", the HTML allowlist), and the
// admin calls that publish them (issue 13 items 2, 3, 5, 8). Every body, answer and policy text
// is admin HTML the api sanitises to the §9 allowlist before storing it (decision 0180); titles,
// questions and names are plain text, shown as text.

/** Notices per page of /notice. */
export const NOTICE_PAGE_SIZE = 10;
/** Longest notice, FAQ answer and policy texts an admin may send, in UTF-16 units. */
export const NOTICE_BODY_MAX = 20_000;
export const FAQ_ANSWER_MAX = 10_000;
export const POLICY_BODY_MAX = 100_000;
/** Longest FAQ search text. */
export const FAQ_QUERY_MAX = 100;

/** A non-empty line of plain text: trimmed, at most `max` units, no control characters. */
const line = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .pipe(z.string().min(1));
/** A non-empty HTML text (sanitised by the api). */
const html = (max: number) => text(max).refine((s) => s.trim().length > 0, { message: 'INVALID_PARAMETER' });
/** An instant with its offset, e.g. 2026-01-01T00:00:00+01:00. */
const Instant = z.iso.datetime({ offset: true });

// ——— notices ———

export const NoticeListQuery = z.object({
  page: PageNumber.default(1),
  size: z.coerce.number().int().min(1).max(50).default(NOTICE_PAGE_SIZE),
});
export type NoticeListQuery = z.infer<typeof NoticeListQuery>;

/** A notice as listed: pinned ones first, then the newest. */
export const NoticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type NoticeSummary = z.infer<typeof NoticeSummary>;

/** GET /notices: a page of the brand's published notices. */
export const NoticePage = z.object({
  items: z.array(NoticeSummary),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type NoticePage = z.infer<typeof NoticePage>;

/** The notice listed just before or after another one. */
export const NoticeLink = z.object({ id: z.number().int(), title: z.string() });
export type NoticeLink = z.infer<typeof NoticeLink>;

/** GET /notices/{id}: a notice with its sanitised HTML body and its neighbours in the list's order. */
export const NoticeDetail = NoticeSummary.extend({
  /** HTML of the spec §9 allowlist only (span, br, a, div), sanitised by the api. */
  body: z.string(),
  /** The notice listed above this one (a pinned or newer one); null for the first. */
  previous: NoticeLink.nullable(),
  /** The notice listed below this one (an older one); null for the last. */
  next: NoticeLink.nullable(),
});
export type NoticeDetail = z.infer<typeof NoticeDetail>;

/** POST /admin/notices and PUT /admin/notices/{id} (the whole notice). */
export const NoticeInput = z.object({
  title: line(200),
  body: html(NOTICE_BODY_MAX),
  pinned: z.boolean().default(false),
  /** When it shows; omitted: now; null: a draft nobody sees; later: scheduled. */
  publishedAt: Instant.nullable().optional(),
});
export type NoticeInput = z.infer<typeof NoticeInput>;

export const NoticeState = z.enum(['DRAFT', 'SCHEDULED', 'PUBLISHED']);
export type NoticeState = z.infer<typeof NoticeState>;

/** A notice as admins see it, drafts and scheduled ones included. */
export const AdminNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string().nullable(),
  state: NoticeState,
  authorId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof AdminNotice>;

export const AdminNoticePage = z.object({
  items: z.array(AdminNotice),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type AdminNoticePage = z.infer<typeof AdminNoticePage>;

// ——— FAQ ———

/** GET /faq?q=: `q` keeps the entries whose question or answer holds it (decision 0182). */
export const FaqQuery = z.object({ q: text(FAQ_QUERY_MAX).optional() });
export type FaqQuery = z.infer<typeof FaqQuery>;

export const FaqEntry = z.object({
  id: z.number().int(),
  question: z.string(),
  /** HTML of the spec §9 allowlist only, sanitised by the api. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;

export const FaqCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  entries: z.array(FaqEntry),
});
export type FaqCategory = z.infer<typeof FaqCategory>;

/** The brand's FAQ in order, categories without a (matching) entry left out. */
export const FaqResponse = z.object({
  /** The search as the api understood it (trimmed); null without one. */
  query: z.string().nullable(),
  categories: z.array(FaqCategory),
  /** Entries listed. */
  total: z.number().int(),
});
export type FaqResponse = z.infer<typeof FaqResponse>;

/** Where a category or entry sits among its siblings: lower first, then the oldest. */
const Position = z.number().int().min(0).max(10_000).default(0);

export const FaqCategoryInput = z.object({ name: line(100), position: Position });
export type FaqCategoryInput = z.infer<typeof FaqCategoryInput>;

export const AdminFaqCategory = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
export type AdminFaqCategory = z.infer<typeof AdminFaqCategory>;

export const FaqEntryInput = z.object({
  categoryId: Id,
  question: line(300),
  answer: html(FAQ_ANSWER_MAX),
  position: Position,
});
export type FaqEntryInput = z.infer<typeof FaqEntryInput>;

export const AdminFaqEntry = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type AdminFaqEntry = z.infer<typeof AdminFaqEntry>;

/** GET /admin/faq: every category of the brand, empty ones too, with its entries, in position order. */
export const AdminFaq = z.object({
  categories: z.array(AdminFaqCategory.extend({ entries: z.array(AdminFaqEntry) })),
});
export type AdminFaq = z.infer<typeof AdminFaq>;

// ——— policies ———

/** The terms of use (/policy) and the privacy policy (/privacy). */
export const PolicyKind = z.enum(['TERMS', 'PRIVACY']);
export type PolicyKind = z.infer<typeof PolicyKind>;

export const PolicyParams = z.object({ kind: PolicyKind });
/** `version`: an earlier (or announced) version instead of the one in force. */
export const PolicyQuery = z.object({ version: IdParam.optional() });

/** Who runs the brand's service, shown with its policies. */
export const CompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  representative: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

/** PUT /admin/company. */
export const CompanyInfoInput = z.object({
  name: line(200),
  address: line(500),
  representative: line(200).nullable().default(null),
  registrationNumber: line(100).nullable().default(null),
  email: z.email().max(254),
  phone: line(40).nullable().default(null),
});
export type CompanyInfoInput = z.infer<typeof CompanyInfoInput>;

/** CURRENT: in force now; PAST: replaced by a later one; UPCOMING: published, in force later. */
export const PolicyStatus = z.enum(['CURRENT', 'PAST', 'UPCOMING']);
export type PolicyStatus = z.infer<typeof PolicyStatus>;

export const PolicyVersionSummary = z.object({
  version: z.number().int(),
  title: z.string(),
  inForceAt: z.string(),
  status: PolicyStatus,
});
export type PolicyVersionSummary = z.infer<typeof PolicyVersionSummary>;

/** GET /policies/{kind}: one version (the one in force unless `version` asks) and every version. */
export const PolicyDocument = z.object({
  kind: PolicyKind,
  version: z.number().int(),
  title: z.string(),
  /** HTML of the spec §9 allowlist only, sanitised by the api. */
  body: z.string(),
  inForceAt: z.string(),
  status: PolicyStatus,
  /** Every published version, the latest first. */
  versions: z.array(PolicyVersionSummary),
  /** The company running the brand; null until an admin or the seed sets it. */
  company: CompanyInfo.nullable(),
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;

/** POST /admin/policies: a new version, numbered after the last one; versions are never edited. */
export const PolicyPublishRequest = z.object({
  kind: PolicyKind,
  title: line(200),
  body: html(POLICY_BODY_MAX),
  /** When it comes into force: now or later (announced ahead). Omitted: now. */
  inForceAt: Instant.optional(),
});
export type PolicyPublishRequest = z.infer<typeof PolicyPublishRequest>;

export const AdminPolicyVersion = z.object({
  id: z.number().int(),
  kind: PolicyKind,
  version: z.number().int(),
  title: z.string(),
  inForceAt: z.string(),
  createdAt: z.string(),
});
export type AdminPolicyVersion = z.infer<typeof AdminPolicyVersion>;

/** DELETE answers of the admin calls. */
export const SupportDeleted = z.object({ deleted: z.literal(true) });
export type SupportDeleted = z.infer<typeof SupportDeleted>;
