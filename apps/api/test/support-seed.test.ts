import { BRANDS, PlatformId } from '@balcony/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqEntries, notices, policies } from '../src/db/schema.js';
import { seedSupportContent } from '../src/db/seed/support.js';
import { DEMO_NOTICES } from '../src/db/seed/support-content.js';
import { sanitizeAdminHtml } from '../src/modules/support/html.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The demo notices, FAQ, policies and companies (decision 0186): every brand gets them in its own
// language, already within the spec §9 allowlist, and seeding again adds nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSupportContent(t.database.db, { now: new Date() });
});
afterAll(() => t.close());

const get = async (url: string, brand: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: brandHeaders(brand) })).json().data;

describe('the demo support content', () => {
  it('gives every brand notices (one pinned), a FAQ, two versions of the terms, the privacy policy and a company', async () => {
    for (const id of PlatformId.options) {
      const brand = BRANDS[id];
      const list = await get('/notices', id);
      expect(list.total, id).toBe(DEMO_NOTICES.length);
      expect(list.items[0].pinned, id).toBe(true);
      expect(list.items.filter((n: { pinned: boolean }) => n.pinned)).toHaveLength(1);
      const first = DEMO_NOTICES.find((n) => n.pinned);
      expect(list.items[0].title, id).toBe(first?.title[brand.locale]);

      const faq = await get('/faq', id);
      expect(faq.categories.length, id).toBe(3);
      expect(faq.total, id).toBe(8);

      const terms = await get('/policies/TERMS', id);
      expect(terms, id).toMatchObject({ version: 2, status: 'CURRENT' });
      expect(terms.versions.map((v: { status: string }) => v.status)).toEqual(['CURRENT', 'PAST']);
      expect(terms.company, id).toMatchObject({ email: brand.supportEmail });
      expect(await get('/policies/PRIVACY', id), id).toMatchObject({ version: 1, status: 'CURRENT' });
      // Every placeholder was filled in.
      expect(JSON.stringify([list, faq, terms]), id).not.toMatch(/\{(product|company|email)\}/);
      expect(terms.body, id).toContain(brand.product);
    }
  });

  it('is stored within the allowlist, with formatting, so sanitising it again changes nothing', async () => {
    const bodies = [
      ...(await t.database.db.select({ html: notices.body }).from(notices)),
      ...(await t.database.db.select({ html: faqEntries.answer }).from(faqEntries)),
      ...(await t.database.db.select({ html: policies.body }).from(policies)),
    ].map((r) => r.html);
    for (const html of bodies) expect(sanitizeAdminHtml(html)).toBe(html);
    expect(bodies.some((html) => /<span style="[^"]*font-weight:bold/.test(html))).toBe(true);
    expect(bodies.some((html) => /<a href="\/faq"/.test(html))).toBe(true);
  });

  it('finds a seeded answer in the brand’s own script', async () => {
    const found = await get(`/faq?q=${encodeURIComponent('パスワード')}`, 'beltoon-jp');
    expect(found.total).toBeGreaterThan(0);
    const thai = await get(`/faq?q=${encodeURIComponent('รหัสผ่าน')}`, 'bom-th');
    expect(thai.total).toBeGreaterThan(0);
  });

  it('adds nothing when run again', async () => {
    const totals = async () =>
      Promise.all(
        [notices, faqEntries, policies].map(
          async (table) => (await t.database.db.select({ n: count() }).from(table))[0]?.n,
        ),
      );
    const before = await totals();
    await seedSupportContent(t.database.db, { now: new Date() });
    expect(await totals()).toEqual(before);
  });
});
