import { BRANDS, type BrandConfig, DAY_MS, PlatformId } from '@balcony/contracts';
import { faqSearchText, sanitizeAdminHtml } from '../../modules/support/html.js';
import type { Db } from '../client.js';
import { brandCompanies, faqCategories, faqEntries, notices, policies } from '../schema.js';
import { DEMO_COMPANIES, DEMO_FAQ, DEMO_NOTICES, DEMO_POLICIES, policyBody } from './support-content.js';

// Seeds every brand's demo notices, FAQ, terms, privacy policy and company (decision 0186), in
// the brand's language. Idempotent and additive, part by part: a brand that already has notices
// (or FAQ categories, or a version of a policy, or a company) keeps them and gets nothing more of
// that part. Texts go through the same sanitiser as an admin's.

function fill(text: string, brand: BrandConfig): string {
  return text
    .replaceAll('{product}', brand.product)
    .replaceAll('{company}', DEMO_COMPANIES[brand.id].name)
    .replaceAll('{email}', brand.supportEmail);
}

async function brandsHaving(db: Db, table: typeof notices | typeof faqCategories | typeof policies) {
  const rows = await db.selectDistinct({ brandId: table.brandId }).from(table);
  return new Set(rows.map((r) => r.brandId));
}

export async function seedSupportContent(db: Db, opts: { now: Date; log?: (msg: string) => void }): Promise<void> {
  const brands = PlatformId.options.map((id) => BRANDS[id]);
  const ago = (days: number) => new Date(opts.now.getTime() - days * DAY_MS);
  const [withNotices, withFaq, withPolicies] = await Promise.all([
    brandsHaving(db, notices),
    brandsHaving(db, faqCategories),
    brandsHaving(db, policies),
  ]);

  const noticeRows = brands
    .filter((b) => !withNotices.has(b.id))
    .flatMap((brand) =>
      DEMO_NOTICES.map((n) => ({
        brandId: brand.id,
        title: fill(n.title[brand.locale], brand),
        body: sanitizeAdminHtml(fill(n.body[brand.locale], brand)),
        pinned: n.pinned,
        publishedAt: ago(n.daysAgo),
        authorId: null,
      })),
    );
  if (noticeRows.length > 0) await db.insert(notices).values(noticeRows);

  for (const brand of brands.filter((b) => !withFaq.has(b.id))) {
    await db.transaction(async (tx) => {
      for (const [position, category] of DEMO_FAQ.entries()) {
        const [row] = await tx
          .insert(faqCategories)
          .values({ brandId: brand.id, name: category.name[brand.locale], position })
          .returning({ id: faqCategories.id });
        if (!row) throw new Error('FAQ category not inserted');
        await tx.insert(faqEntries).values(
          category.entries.map((entry, i) => {
            const question = fill(entry.question[brand.locale], brand);
            const answer = sanitizeAdminHtml(fill(entry.answer[brand.locale], brand));
            return {
              categoryId: row.id,
              brandId: brand.id,
              question,
              answer,
              searchText: faqSearchText(question, answer),
              position: i,
            };
          }),
        );
      }
    });
  }

  const policyRows = brands
    .filter((b) => !withPolicies.has(b.id))
    .flatMap((brand) =>
      (['TERMS', 'PRIVACY'] as const).flatMap((kind) =>
        DEMO_POLICIES[kind].versions.map((v, i) => ({
          brandId: brand.id,
          kind,
          version: i + 1,
          title: DEMO_POLICIES[kind].title[brand.locale],
          body: sanitizeAdminHtml(fill(policyBody(v.articles, brand.locale), brand)),
          inForceAt: ago(v.daysAgo),
          authorId: null,
        })),
      ),
    );
  if (policyRows.length > 0) await db.insert(policies).values(policyRows);

  await db
    .insert(brandCompanies)
    .values(brands.map((brand) => ({ brandId: brand.id, ...DEMO_COMPANIES[brand.id], email: brand.supportEmail })))
    .onConflictDoNothing({ target: brandCompanies.brandId });

  const added = new Set([...noticeRows, ...policyRows].map((r) => r.brandId));
  for (const b of brands) if (!withFaq.has(b.id)) added.add(b.id);
  if (added.size > 0) opts.log?.(`notices, FAQ and policies added for ${added.size} brands`);
}
