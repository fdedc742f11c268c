import type { PolicyKind } from '@balcony/contracts';
import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brandCompanies, faqCategories, faqEntries, notices, policies } from '../../db/schema.js';

// Queries of the tables this module alone writes: notices, faq_categories, faq_entries, policies
// and brand_companies. Every query names its brand. `db` may be an open transaction.

// ——— notices ———

const published = (brandId: string, now: Date) =>
  and(eq(notices.brandId, brandId), isNotNull(notices.publishedAt), lte(notices.publishedAt, now));

/** The list's order: pinned first, then the newest, then the latest written. */
const LIST_ORDER = [desc(notices.pinned), desc(notices.publishedAt), desc(notices.id)] as const;

const summaryColumns = {
  id: notices.id,
  title: notices.title,
  pinned: notices.pinned,
  publishedAt: notices.publishedAt,
};

export async function listPublishedNotices(
  db: Db,
  brandId: string,
  now: Date,
  page: { offset: number; limit: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(notices)
      .where(published(brandId, now))
      .orderBy(...LIST_ORDER)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(notices).where(published(brandId, now)),
  ]);
  return { rows: rows.map(withDate), total: total?.n ?? 0 };
}

/** A published notice of the brand, or null (another brand's, a draft, a scheduled one). */
export async function findPublishedNotice(db: Db, brandId: string, id: number, now: Date) {
  const [row] = await db
    .select({ ...summaryColumns, body: notices.body })
    .from(notices)
    .where(and(eq(notices.id, id), published(brandId, now)));
  return row ? withDate(row) : null;
}

/**
 * The notices listed just above and just below one, in the list's order (pinned, published,
 * id — all descending): a row comparison on that key, one row each way.
 */
export async function noticeNeighbours(
  db: Db,
  brandId: string,
  notice: { id: number; pinned: boolean; publishedAt: Date },
  now: Date,
) {
  const key = sql`(${notices.pinned}::int, ${notices.publishedAt}, ${notices.id})`;
  const self = sql`(${notice.pinned ? 1 : 0}::int, ${notice.publishedAt.toISOString()}::timestamptz, ${notice.id}::int)`;
  const link = { id: notices.id, title: notices.title };
  const [[previous], [next]] = await Promise.all([
    db
      .select(link)
      .from(notices)
      .where(and(published(brandId, now), sql`${key} > ${self}`))
      .orderBy(asc(notices.pinned), asc(notices.publishedAt), asc(notices.id))
      .limit(1),
    db
      .select(link)
      .from(notices)
      .where(and(published(brandId, now), sql`${key} < ${self}`))
      .orderBy(...LIST_ORDER)
      .limit(1),
  ]);
  return { previous: previous ?? null, next: next ?? null };
}

function withDate<T extends { publishedAt: Date | null }>(row: T): T & { publishedAt: Date } {
  if (!row.publishedAt) throw new Error('a published notice without a date');
  return row as T & { publishedAt: Date };
}

export type NoticeRow = typeof notices.$inferSelect;

/** Every notice of the brand, drafts and scheduled ones too, the latest written first (admins). */
export async function listAllNotices(db: Db, brandId: string, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(eq(notices.brandId, brandId))
      .orderBy(desc(notices.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(notices).where(eq(notices.brandId, brandId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotice(db: Db, brandId: string, id: number): Promise<NoticeRow | null> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.brandId, brandId)));
  return row ?? null;
}

export interface NoticeValues {
  title: string;
  body: string;
  pinned: boolean;
  publishedAt: Date | null;
}

export async function insertNotice(
  db: Db,
  row: NoticeValues & { brandId: string; authorId: number | null },
): Promise<NoticeRow> {
  const [inserted] = await db.insert(notices).values(row).returning();
  if (!inserted) throw new Error('notice not inserted');
  return inserted;
}

export async function updateNotice(
  db: Db,
  brandId: string,
  id: number,
  values: NoticeValues & { authorId: number; updatedAt: Date },
): Promise<NoticeRow | null> {
  const [row] = await db
    .update(notices)
    .set(values)
    .where(and(eq(notices.id, id), eq(notices.brandId, brandId)))
    .returning();
  return row ?? null;
}

export async function deleteNotice(db: Db, brandId: string, id: number): Promise<NoticeRow | null> {
  const [row] = await db
    .delete(notices)
    .where(and(eq(notices.id, id), eq(notices.brandId, brandId)))
    .returning();
  return row ?? null;
}

// ——— FAQ ———

/** The brand's categories and entries, each in position order (then the oldest first). */
export async function listFaq(db: Db, brandId: string) {
  const [categories, entries] = await Promise.all([
    db
      .select({ id: faqCategories.id, name: faqCategories.name, position: faqCategories.position })
      .from(faqCategories)
      .where(eq(faqCategories.brandId, brandId))
      .orderBy(asc(faqCategories.position), asc(faqCategories.id)),
    db
      .select({
        id: faqEntries.id,
        categoryId: faqEntries.categoryId,
        question: faqEntries.question,
        answer: faqEntries.answer,
        searchText: faqEntries.searchText,
        position: faqEntries.position,
      })
      .from(faqEntries)
      .where(eq(faqEntries.brandId, brandId))
      .orderBy(asc(faqEntries.position), asc(faqEntries.id)),
  ]);
  return { categories, entries };
}

export type FaqCategoryRow = typeof faqCategories.$inferSelect;
export type FaqEntryRow = typeof faqEntries.$inferSelect;

export async function findFaqCategory(db: Db, brandId: string, id: number): Promise<FaqCategoryRow | null> {
  const [row] = await db
    .select()
    .from(faqCategories)
    .where(and(eq(faqCategories.id, id), eq(faqCategories.brandId, brandId)));
  return row ?? null;
}

export async function insertFaqCategory(
  db: Db,
  row: { brandId: string; name: string; position: number },
): Promise<FaqCategoryRow> {
  const [inserted] = await db.insert(faqCategories).values(row).returning();
  if (!inserted) throw new Error('FAQ category not inserted');
  return inserted;
}

export async function updateFaqCategory(
  db: Db,
  brandId: string,
  id: number,
  values: { name: string; position: number; updatedAt: Date },
): Promise<FaqCategoryRow | null> {
  const [row] = await db
    .update(faqCategories)
    .set(values)
    .where(and(eq(faqCategories.id, id), eq(faqCategories.brandId, brandId)))
    .returning();
  return row ?? null;
}

export async function countFaqEntries(db: Db, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(faqEntries).where(eq(faqEntries.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function deleteFaqCategory(db: Db, brandId: string, id: number): Promise<FaqCategoryRow | null> {
  const [row] = await db
    .delete(faqCategories)
    .where(and(eq(faqCategories.id, id), eq(faqCategories.brandId, brandId)))
    .returning();
  return row ?? null;
}

export interface FaqEntryValues {
  categoryId: number;
  question: string;
  answer: string;
  searchText: string;
  position: number;
}

export async function findFaqEntry(db: Db, brandId: string, id: number): Promise<FaqEntryRow | null> {
  const [row] = await db
    .select()
    .from(faqEntries)
    .where(and(eq(faqEntries.id, id), eq(faqEntries.brandId, brandId)));
  return row ?? null;
}

export async function insertFaqEntry(db: Db, row: FaqEntryValues & { brandId: string }): Promise<FaqEntryRow> {
  const [inserted] = await db.insert(faqEntries).values(row).returning();
  if (!inserted) throw new Error('FAQ entry not inserted');
  return inserted;
}

export async function updateFaqEntry(
  db: Db,
  brandId: string,
  id: number,
  values: FaqEntryValues & { updatedAt: Date },
): Promise<FaqEntryRow | null> {
  const [row] = await db
    .update(faqEntries)
    .set(values)
    .where(and(eq(faqEntries.id, id), eq(faqEntries.brandId, brandId)))
    .returning();
  return row ?? null;
}

export async function deleteFaqEntry(db: Db, brandId: string, id: number): Promise<FaqEntryRow | null> {
  const [row] = await db
    .delete(faqEntries)
    .where(and(eq(faqEntries.id, id), eq(faqEntries.brandId, brandId)))
    .returning();
  return row ?? null;
}

// ——— policies ———

/** Every version of a brand's policy, the latest first, without their texts. */
export async function listPolicyVersions(db: Db, brandId: string, kind: PolicyKind) {
  return db
    .select({ version: policies.version, title: policies.title, inForceAt: policies.inForceAt })
    .from(policies)
    .where(and(eq(policies.brandId, brandId), eq(policies.kind, kind)))
    .orderBy(desc(policies.version));
}

export async function findPolicyVersion(db: Db, brandId: string, kind: PolicyKind, version: number) {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.brandId, brandId), eq(policies.kind, kind), eq(policies.version, version)));
  return row ?? null;
}

/**
 * Holds, until the transaction ends, the right to number the next version of a brand's policy,
 * so two admins publishing at once get 2 and 3, not 2 twice.
 */
export async function lockPolicyNumbering(db: Db, brandId: string, kind: PolicyKind): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`policies:${brandId}:${kind}`}))`);
}

export async function latestPolicyVersion(db: Db, brandId: string, kind: PolicyKind) {
  const [row] = await db
    .select({ version: policies.version, inForceAt: policies.inForceAt })
    .from(policies)
    .where(and(eq(policies.brandId, brandId), eq(policies.kind, kind)))
    .orderBy(desc(policies.version))
    .limit(1);
  return row ?? null;
}

export type PolicyRow = typeof policies.$inferSelect;

export async function insertPolicy(
  db: Db,
  row: {
    brandId: string;
    kind: PolicyKind;
    version: number;
    title: string;
    body: string;
    inForceAt: Date;
    authorId: number | null;
  },
): Promise<PolicyRow> {
  const [inserted] = await db.insert(policies).values(row).returning();
  if (!inserted) throw new Error('policy not inserted');
  return inserted;
}

// ——— the company behind a brand ———

export type CompanyRow = typeof brandCompanies.$inferSelect;

export async function findCompany(db: Db, brandId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(brandCompanies).where(eq(brandCompanies.brandId, brandId));
  return row ?? null;
}

export async function upsertCompany(
  db: Db,
  row: Omit<CompanyRow, 'updatedAt'> & { updatedAt: Date },
): Promise<CompanyRow> {
  const { brandId: _brand, ...values } = row;
  const [saved] = await db
    .insert(brandCompanies)
    .values(row)
    .onConflictDoUpdate({ target: brandCompanies.brandId, set: values })
    .returning();
  if (!saved) throw new Error('company not saved');
  return saved;
}
