import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAccounts, adminAudit, notices, policies } from '../src/db/schema.js';
import { versionInForce } from '../src/modules/support/service.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf, type Method } from './support/calls.js';
import { later, MINUTE } from './support/clock.js';

// Notices, the FAQ and the policies (issue 13 items 2, 3, 5 and 8) through the API: what readers
// of a brand get, what admins may publish, and the audit row of every change. Each part works on
// a brand of its own, so the lists a test reads hold only what that part made.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Caller = Awaited<ReturnType<typeof createMember>>;
const newAdmin = (brandId: string) =>
  createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'], brandIds: [brandId] });
const newMember = (brandId: string) => createMember(t.database.db, t.config.auth, { brandId });

const calls = callsOf(() => t);
const api = (method: Method, url: string, opts: { who?: Caller; brand: string; body?: object }) =>
  calls.api(method, url, opts.who, opts.body, opts.brand);
const { data: ok, failure: fails } = calls;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const auditActions = async (adminId: number) =>
  (await t.database.db.select().from(adminAudit).where(eq(adminAudit.adminId, adminId)).orderBy(adminAudit.id)).map(
    (r) => r.action,
  );

describe('notices', () => {
  const BRAND = 'delitoon-fr';
  let admin: Caller;
  let ids: Record<'oldPinned' | 'newest' | 'middle' | 'oldest' | 'draft' | 'scheduled' | 'elsewhere', number>;

  const publish = async (title: string, extra: { pinned?: boolean; publishedAt?: string | null }, brand = BRAND) =>
    (
      await ok(
        api('POST', '/admin/notices', {
          who: brand === BRAND ? admin : await newAdmin(brand),
          brand,
          body: { title, body: `<div>${title}</div>`, ...extra },
        }),
      )
    ).id as number;

  beforeAll(async () => {
    admin = await newAdmin(BRAND);
    ids = {
      oldPinned: await publish('Support hours', { pinned: true, publishedAt: minutesFromNow(-60 * 24 * 30) }),
      oldest: await publish('Oldest news', { publishedAt: minutesFromNow(-60 * 24 * 10) }),
      middle: await publish('Middle news', { publishedAt: minutesFromNow(-60 * 24 * 5) }),
      newest: await publish('Newest news', {}),
      draft: await publish('A draft', { publishedAt: null }),
      scheduled: await publish('Tomorrow', { publishedAt: minutesFromNow(60 * 24) }),
      elsewhere: await publish('Another brand', {}, 'delitoon-de'),
    };
  });

  it('lists the pinned notice first, then the newest, a page at a time, only published ones of the brand', async () => {
    const first = await ok(api('GET', '/notices?size=2', { brand: BRAND }));
    expect(first.items.map((n: { id: number }) => n.id)).toEqual([ids.oldPinned, ids.newest]);
    expect(first.items[0]).toMatchObject({ title: 'Support hours', pinned: true });
    expect(first).toMatchObject({ page: 1, size: 2, total: 4 });
    const second = await ok(api('GET', '/notices?size=2&page=2', { brand: BRAND }));
    expect(second.items.map((n: { id: number }) => n.id)).toEqual([ids.middle, ids.oldest]);
    const past = await ok(api('GET', '/notices?size=2&page=3', { brand: BRAND }));
    expect(past).toMatchObject({ items: [], total: 4 });
    // The default page is ten long; a page size past 50 is refused.
    expect((await ok(api('GET', '/notices', { brand: BRAND }))).size).toBe(10);
    expect(await fails(api('GET', '/notices?size=51', { brand: BRAND }))).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('answers a notice with the ones listed just before and after it', async () => {
    const link = (id: number, title: string) => ({ id, title });
    const pinned = await ok(api('GET', `/notices/${ids.oldPinned}`, { brand: BRAND }));
    expect(pinned).toMatchObject({ title: 'Support hours', body: '<div>Support hours</div>', pinned: true });
    expect([pinned.previous, pinned.next]).toEqual([null, link(ids.newest, 'Newest news')]);
    const middle = await ok(api('GET', `/notices/${ids.middle}`, { brand: BRAND }));
    expect([middle.previous, middle.next]).toEqual([link(ids.newest, 'Newest news'), link(ids.oldest, 'Oldest news')]);
    const oldest = await ok(api('GET', `/notices/${ids.oldest}`, { brand: BRAND }));
    expect([oldest.previous, oldest.next]).toEqual([link(ids.middle, 'Middle news'), null]);
  });

  it('keeps drafts, scheduled notices and other brands’ notices out of sight (NOT_EXIST)', async () => {
    for (const id of [ids.draft, ids.scheduled, ids.elsewhere, 2_000_000_000]) {
      expect(await fails(api('GET', `/notices/${id}`, { brand: BRAND })), `notice ${id}`).toEqual([404, 'NOT_EXIST']);
    }
    const there = await ok(api('GET', '/notices', { brand: 'delitoon-de' }));
    expect(there.items.map((n: { id: number }) => n.id)).toEqual([ids.elsewhere]);
    // A scheduled notice shows once its time has come.
    later(60 * 24 * MINUTE + MINUTE);
    expect((await ok(api('GET', `/notices/${ids.scheduled}`, { brand: BRAND }))).title).toBe('Tomorrow');
  });

  it('are sent for 5 minutes to anyone (spec §9), with an ETag that answers 304', async () => {
    const first = await api('GET', '/notices', { brand: BRAND });
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notices',
      headers: { ...brandHeaders(BRAND), 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const detail = await api('GET', `/notices/${ids.newest}`, { brand: BRAND, who: await newMember(BRAND) });
    // No bearer is read: a member's call is the same public answer.
    expect(detail.headers['cache-control']).toBe('public, max-age=300');
  });

  it('come back clean from HTML with <script>, onerror=, javascript: and data: links, and styles with url()', async () => {
    const body =
      '<div style="text-align:center">Hello <span style="color:#c8003c;font-weight:bold">readers</span></div>' +
      '<script>alert(document.cookie)</script><img src="x" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">trap</a><a href="data:text/html,<script>alert(1)</script>">data</a>' +
      '<span style="background:url(https://evil.example/x.png);color:red" onmouseover="alert(1)">styled</span>' +
      '<a href="https://example.com/news" style="color:blue">more</a>';
    const created = await ok(
      api('POST', '/admin/notices', { who: admin, brand: BRAND, body: { title: 'Dirty', body } }),
    );
    const clean =
      '<div style="text-align:center">Hello <span style="color:#c8003c;font-weight:bold">readers</span></div>' +
      '<a>trap</a><a>data</a><span style="color:red">styled</span>' +
      '<a href="https://example.com/news" style="color:blue">more</a>';
    expect(created.body).toBe(clean);
    expect((await ok(api('GET', `/notices/${created.id}`, { brand: BRAND }))).body).toBe(clean);
    // Stored clean: no reader of the table ever meets the raw text.
    const [row] = await t.database.db.select().from(notices).where(eq(notices.id, created.id));
    expect(row?.body).toBe(clean);
    for (const bad of ['<script', 'onerror', 'javascript:', 'data:', 'url(', 'onmouseover']) {
      expect(row?.body).not.toContain(bad);
    }
    await ok(api('DELETE', `/admin/notices/${created.id}`, { who: admin, brand: BRAND }));
  });

  it('refuse a body with nothing left once sanitised, and an empty title (INVALID_PARAMETER)', async () => {
    const scriptOnly = { title: 'Empty', body: '<script>alert(1)</script><img src=x onerror=alert(1)>' };
    expect(await fails(api('POST', '/admin/notices', { who: admin, brand: BRAND, body: scriptOnly }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    const blankTitle = { title: '   ', body: 'text' };
    expect(await fails(api('POST', '/admin/notices', { who: admin, brand: BRAND, body: blankTitle }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
  });

  it('are edited and deleted by their brand’s admins, each change in the audit log', async () => {
    const editor = await newAdmin(BRAND);
    const created = await ok(
      api('POST', '/admin/notices', { who: editor, brand: BRAND, body: { title: 'Typo', body: 'x' } }),
    );
    const updated = await ok(
      api('PUT', `/admin/notices/${created.id}`, {
        who: editor,
        brand: BRAND,
        body: { title: 'Fixed', body: '<div>y</div>', pinned: true },
      }),
    );
    // An omitted publication time keeps the one it had.
    expect(updated).toMatchObject({
      title: 'Fixed',
      pinned: true,
      publishedAt: created.publishedAt,
      state: 'PUBLISHED',
    });
    expect((await ok(api('GET', `/notices/${created.id}`, { brand: BRAND }))).title).toBe('Fixed');
    const list = await ok(api('GET', '/admin/notices', { who: editor, brand: BRAND }));
    expect(list.items.map((n: { state: string }) => n.state)).toEqual(expect.arrayContaining(['DRAFT', 'SCHEDULED']));

    // Another brand's admin finds nothing to change here.
    const stranger = await newAdmin('delitoon-de');
    expect(
      await fails(
        api('PUT', `/admin/notices/${created.id}`, {
          who: stranger,
          brand: 'delitoon-de',
          body: { title: 'x', body: 'y' },
        }),
      ),
    ).toEqual([404, 'NOT_EXIST']);
    expect(await fails(api('DELETE', `/admin/notices/${created.id}`, { who: stranger, brand: 'delitoon-de' }))).toEqual(
      [404, 'NOT_EXIST'],
    );

    expect(await ok(api('DELETE', `/admin/notices/${created.id}`, { who: editor, brand: BRAND }))).toEqual({
      deleted: true,
    });
    expect(await fails(api('GET', `/notices/${created.id}`, { brand: BRAND }))).toEqual([404, 'NOT_EXIST']);
    expect(await auditActions(editor.id)).toEqual(['NOTICE_CREATE', 'NOTICE_UPDATE', 'NOTICE_DELETE']);
    expect(await auditActions(stranger.id)).toEqual([]);
    const [deletion] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.adminId, editor.id), eq(adminAudit.action, 'NOTICE_DELETE')));
    expect(deletion).toMatchObject({
      targetUserId: null,
      targetType: 'notice',
      targetId: String(created.id),
      before: { title: 'Fixed', body: '<div>y</div>', pinned: true },
      after: null,
    });
    const owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
    const log = await ok(api('GET', '/admin/audit', { who: owner, brand: BRAND }));
    expect(log.items.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['NOTICE_CREATE', 'NOTICE_UPDATE', 'NOTICE_DELETE']),
    );
  });
});

describe('the admin routes', () => {
  const BRAND = 'delitoonb-de';
  const calls: [Method, string, object | undefined][] = [
    ['GET', '/admin/notices', undefined],
    ['POST', '/admin/notices', { title: 'x', body: 'y' }],
    ['PUT', '/admin/notices/1', { title: 'x', body: 'y' }],
    ['DELETE', '/admin/notices/1', undefined],
    ['POST', '/admin/faq/categories', { name: 'x' }],
    ['PUT', '/admin/faq/categories/1', { name: 'x' }],
    ['DELETE', '/admin/faq/categories/1', undefined],
    ['POST', '/admin/faq/entries', { categoryId: 1, question: 'q', answer: 'a' }],
    ['PUT', '/admin/faq/entries/1', { categoryId: 1, question: 'q', answer: 'a' }],
    ['DELETE', '/admin/faq/entries/1', undefined],
    ['POST', '/admin/policies', { kind: 'TERMS', title: 't', body: 'b' }],
    ['PUT', '/admin/company', { name: 'n', address: 'a', email: 'a@example.com' }],
  ];

  it('answer NOT_LOGIN_USER to readers and visitors and FORBIDDEN to admins of other roles, changing nothing', async () => {
    const member = await newMember(BRAND);
    const finance = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE', 'CONTENT'] });
    const auditRows = (await t.database.db.select().from(adminAudit)).length;
    for (const [method, url, body] of calls) {
      expect(
        await fails(api(method, url, { who: member, brand: BRAND, ...(body && { body }) })),
        `${method} ${url}`,
      ).toEqual([401, 'NOT_LOGIN_USER']);
      expect(await fails(api(method, url, { brand: BRAND, ...(body && { body }) })), `${method} ${url}`).toEqual([
        401,
        'NOT_LOGIN_USER',
      ]);
      expect(
        await fails(api(method, url, { who: finance, brand: BRAND, ...(body && { body }) })),
        `${method} ${url}`,
      ).toEqual([403, 'FORBIDDEN']);
    }
    expect((await t.database.db.select().from(adminAudit)).length).toBe(auditRows);
    expect((await ok(api('GET', '/notices', { brand: BRAND }))).total).toBe(0);
    expect(await fails(api('GET', '/policies/TERMS', { brand: BRAND }))).toEqual([404, 'NOT_EXIST']);
  });

  it('stop an admin whose role was taken away a moment ago', async () => {
    const admin = await newAdmin(BRAND);
    await ok(api('GET', '/admin/notices', { who: admin, brand: BRAND }));
    await t.database.db
      .update(adminAccounts)
      .set({ roles: ['CONTENT'] })
      .where(eq(adminAccounts.id, admin.id));
    const res = await api('POST', '/admin/notices', { who: admin, brand: BRAND, body: { title: 'x', body: 'y' } });
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await ok(api('GET', '/notices', { brand: BRAND }))).total).toBe(0);
  });
});

describe('FAQ', () => {
  const BRAND = 'bom-tw';
  let admin: Caller;
  let account: number;
  let coins: number;

  const entry = (categoryId: number, question: string, answer: string, position = 0) =>
    ok(
      api('POST', '/admin/faq/entries', { who: admin, brand: BRAND, body: { categoryId, question, answer, position } }),
    );

  beforeAll(async () => {
    admin = await newAdmin(BRAND);
    // Made in reverse of their positions: the FAQ lists by position.
    coins = (
      await ok(api('POST', '/admin/faq/categories', { who: admin, brand: BRAND, body: { name: '代幣', position: 2 } }))
    ).id;
    account = (
      await ok(
        api('POST', '/admin/faq/categories', { who: admin, brand: BRAND, body: { name: 'Account', position: 1 } }),
      )
    ).id;
    await entry(account, 'How do I change my PASSWORD?', 'Open <a href="/mail/resetPassword">the reset page</a>.', 2);
    await entry(
      account,
      'Comment RÉCUPÉRER mon compte ?',
      'Écrivez-nous : <span style="color:red">réponse</span> sous 48 h.',
      1,
    );
    await entry(account, 'Wie lösche ich mein KONTO?', 'Unter „Mein Bereich“ → Konto löschen.', 3);
    await entry(coins, '如何儲值代幣？', '請前往商店購買代幣。', 1);
    await entry(coins, 'コインの有効期限は？', 'ボーナスコインには有効期限があります。', 2);
    await entry(coins, 'เหรียญหมดอายุไหม', 'เหรียญที่ซื้อไม่มีวันหมดอายุ', 3);
  });

  const questions = (faq: { categories: { entries: { question: string }[] }[] }) =>
    faq.categories.flatMap((c) => c.entries.map((e) => e.question));

  it('lists categories and their entries in order, answers sanitised', async () => {
    const faq = await ok(api('GET', '/faq', { brand: BRAND }));
    expect(faq.query).toBeNull();
    expect(faq.categories.map((c: { name: string }) => c.name)).toEqual(['Account', '代幣']);
    expect(questions(faq)).toEqual([
      'Comment RÉCUPÉRER mon compte ?',
      'How do I change my PASSWORD?',
      'Wie lösche ich mein KONTO?',
      '如何儲值代幣？',
      'コインの有効期限は？',
      'เหรียญหมดอายุไหม',
    ]);
    expect(faq.total).toBe(6);
    expect(faq.categories[0].entries[1].answer).toBe('Open <a href="/mail/resetPassword">the reset page</a>.');
    // Another brand has a FAQ of its own.
    expect(await ok(api('GET', '/faq', { brand: 'bom-th' }))).toEqual({ query: null, categories: [], total: 0 });
  });

  it('shows its admins every category, an empty one too, with positions', async () => {
    const empty = await ok(
      api('POST', '/admin/faq/categories', { who: admin, brand: BRAND, body: { name: 'Later', position: 9 } }),
    );
    const all = await ok(api('GET', '/admin/faq', { who: admin, brand: BRAND }));
    expect(all.categories.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['Account', 1],
      ['代幣', 2],
      ['Later', 9],
    ]);
    expect(all.categories[0].entries[0]).toMatchObject({ question: 'Comment RÉCUPÉRER mon compte ?', position: 1 });
    // Readers do not see an empty category.
    const faq = await ok(api('GET', '/faq', { brand: BRAND }));
    expect(faq.categories.map((c: { name: string }) => c.name)).toEqual(['Account', '代幣']);
    await ok(api('DELETE', `/admin/faq/categories/${empty.id}`, { who: admin, brand: BRAND }));
  });

  it('finds entries by a fragment of the question or the answer’s text, in every language, whatever the case', async () => {
    const search = async (q: string) =>
      questions(await ok(api('GET', `/faq?q=${encodeURIComponent(q)}`, { brand: BRAND })));
    expect(await search('password')).toEqual(['How do I change my PASSWORD?']);
    expect(await search('RESET PAGE')).toEqual(['How do I change my PASSWORD?']);
    expect(await search('récupérer')).toEqual(['Comment RÉCUPÉRER mon compte ?']);
    expect(await search('RÉPONSE')).toEqual(['Comment RÉCUPÉRER mon compte ?']);
    expect(await search('konto')).toEqual(['Wie lösche ich mein KONTO?']);
    expect(await search('ＫＯＮＴＯ')).toEqual(['Wie lösche ich mein KONTO?']);
    expect(await search('儲值')).toEqual(['如何儲值代幣？']);
    expect(await search('代幣')).toEqual(['如何儲值代幣？']);
    expect(await search('ｺｲﾝ')).toEqual(['コインの有効期限は？']);
    expect(await search('ぼーなす')).toEqual(['コインの有効期限は？']);
    expect(await search('หมดอายุ')).toEqual(['เหรียญหมดอายุไหม']);
    // Markup is not text: attribute values and tag names find nothing.
    expect(await search('resetPassword')).toEqual([]);
    expect(await search('color')).toEqual([]);
    const none = await ok(api('GET', `/faq?q=${encodeURIComponent('  nothing like this  ')}`, { brand: BRAND }));
    expect(none).toEqual({ query: 'nothing like this', categories: [], total: 0 });
    expect((await ok(api('GET', '/faq?q=%20%20', { brand: BRAND }))).total).toBe(6);
    expect(await fails(api('GET', `/faq?q=${'x'.repeat(101)}`, { brand: BRAND }))).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('keeps an admin to categories of the brand, and a category with entries from being deleted', async () => {
    const stranger = await newAdmin('bom-th');
    const foreign = await api('POST', '/admin/faq/entries', {
      who: stranger,
      brand: 'bom-th',
      body: { categoryId: account, question: 'q', answer: 'a' },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'INVALID_PARAMETER']);
    expect(await fails(api('DELETE', `/admin/faq/categories/${account}`, { who: admin, brand: BRAND }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    const empty = await ok(api('POST', '/admin/faq/categories', { who: admin, brand: BRAND, body: { name: 'Empty' } }));
    const moved = await ok(
      api('PUT', `/admin/faq/categories/${empty.id}`, {
        who: admin,
        brand: BRAND,
        body: { name: 'Still empty', position: 9 },
      }),
    );
    expect(moved).toEqual({ id: empty.id, name: 'Still empty', position: 9 });
    expect(await ok(api('DELETE', `/admin/faq/categories/${empty.id}`, { who: admin, brand: BRAND }))).toEqual({
      deleted: true,
    });
  });

  it('sanitises answers, and an edited entry is found by its new words only', async () => {
    const made = await entry(coins, 'Old question', '<div onclick="x()">first<script>alert(1)</script></div>');
    expect(made.answer).toBe('<div>first</div>');
    const edited = await ok(
      api('PUT', `/admin/faq/entries/${made.id}`, {
        who: admin,
        brand: BRAND,
        body: { categoryId: account, question: 'Renamed question', answer: 'second <a href="javascript:x()">link</a>' },
      }),
    );
    expect(edited).toMatchObject({ categoryId: account, answer: 'second <a>link</a>' });
    const search = async (q: string) => (await ok(api('GET', `/faq?q=${q}`, { brand: BRAND }))).total;
    expect([await search('first'), await search('second'), await search('renamed')]).toEqual([0, 1, 1]);
    await ok(api('DELETE', `/admin/faq/entries/${made.id}`, { who: admin, brand: BRAND }));
    expect(await search('renamed')).toBe(0);
    expect(await auditActions(admin.id)).toEqual([
      'FAQ_CATEGORY_CREATE',
      'FAQ_CATEGORY_CREATE',
      ...Array(6).fill('FAQ_ENTRY_CREATE'),
      // the empty category shown to admins only
      'FAQ_CATEGORY_CREATE',
      'FAQ_CATEGORY_DELETE',
      'FAQ_CATEGORY_CREATE',
      'FAQ_CATEGORY_UPDATE',
      'FAQ_CATEGORY_DELETE',
      'FAQ_ENTRY_CREATE',
      'FAQ_ENTRY_UPDATE',
      'FAQ_ENTRY_DELETE',
    ]);
  });
});

describe('policies', () => {
  const BRAND = 'beltoon-jp';
  let admin: Caller;
  const publish = (body: object, who: Caller = admin) => api('POST', '/admin/policies', { who, brand: BRAND, body });

  beforeAll(async () => {
    admin = await newAdmin(BRAND);
  });

  it('answers NOT_EXIST while a brand has no version, and refuses an unknown kind', async () => {
    expect(await fails(api('GET', '/policies/PRIVACY', { brand: 'bom-th' }))).toEqual([404, 'NOT_EXIST']);
    expect(await fails(api('GET', '/policies/COOKIES', { brand: BRAND }))).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('numbers versions and shows the one in force by date, with every version and the company', async () => {
    const first = await ok(publish({ kind: 'TERMS', title: '利用規約', body: '<div>第1版<script>x</script></div>' }));
    expect(first).toMatchObject({ kind: 'TERMS', version: 1 });
    const company = {
      name: 'バルコニーメディア株式会社',
      address: '東京都渋谷区神南1-2-3',
      email: 'support@example.com',
    };
    expect(await ok(api('PUT', '/admin/company', { who: admin, brand: BRAND, body: company }))).toEqual({
      ...company,
      representative: null,
      registrationNumber: null,
      phone: null,
    });
    const second = await ok(
      publish({ kind: 'TERMS', title: '利用規約（改定）', body: '<div>第2版</div>', inForceAt: minutesFromNow(2) }),
    );
    expect(second.version).toBe(2);

    const now = await ok(api('GET', '/policies/TERMS', { brand: BRAND }));
    expect(now).toMatchObject({ version: 1, status: 'CURRENT', body: '<div>第1版</div>', title: '利用規約' });
    expect(now.company).toMatchObject({ name: company.name, address: company.address });
    expect(now.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'UPCOMING'],
      [1, 'CURRENT'],
    ]);
    // The announced version can be read ahead, and an earlier one later on.
    expect(await ok(api('GET', '/policies/TERMS?version=2', { brand: BRAND }))).toMatchObject({ status: 'UPCOMING' });
    expect(await fails(api('GET', '/policies/TERMS?version=3', { brand: BRAND }))).toEqual([404, 'NOT_EXIST']);
    // The privacy policy is versioned on its own.
    expect(await fails(api('GET', '/policies/PRIVACY', { brand: BRAND }))).toEqual([404, 'NOT_EXIST']);

    later(3 * MINUTE);
    const after = await ok(api('GET', '/policies/TERMS', { brand: BRAND }));
    expect(after).toMatchObject({ version: 2, status: 'CURRENT', body: '<div>第2版</div>' });
    expect(after.versions.map((v: { status: string }) => v.status)).toEqual(['CURRENT', 'PAST']);
    const earlier = await ok(api('GET', '/policies/TERMS?version=1', { brand: BRAND }));
    expect(earlier).toMatchObject({ version: 1, status: 'PAST' });
  });

  it('refuses a version in force in the past, or before the latest one, and a text with nothing left', async () => {
    expect(await fails(publish({ kind: 'PRIVACY', title: 'p', body: 'b', inForceAt: minutesFromNow(-60) }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    await ok(publish({ kind: 'PRIVACY', title: 'p', body: 'v1', inForceAt: minutesFromNow(60) }));
    expect(await fails(publish({ kind: 'PRIVACY', title: 'p', body: 'v2', inForceAt: minutesFromNow(30) }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    expect(await fails(publish({ kind: 'PRIVACY', title: 'p', body: '<script>x</script>' }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    const stored = await t.database.db
      .select()
      .from(policies)
      .where(and(eq(policies.brandId, BRAND), eq(policies.kind, 'PRIVACY')));
    expect(stored.map((p) => p.version)).toEqual([1]);
  });

  it('numbers versions published at the same moment one after the other', async () => {
    // One time for all three: times a millisecond apart would let a later-locked, earlier-dated
    // version be refused as "before the latest one", which is right, but not this test's subject.
    const inForceAt = minutesFromNow(90);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => ok(publish({ kind: 'PRIVACY', title: `p${n}`, body: `v${n}`, inForceAt }))),
    );
    expect(answers.map((a) => a.version).sort()).toEqual([2, 3, 4]);
    const rows = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'POLICY_PUBLISH'));
    expect(rows.filter((r) => r.adminId === admin.id)).toHaveLength(6);
    expect(rows.every((r) => r.targetUserId === null)).toBe(true);
  });

  it('chooses the highest version whose date has come', () => {
    const at = (iso: string) => new Date(iso);
    const versions = [
      { version: 1, inForceAt: at('2025-01-01T00:00:00Z') },
      { version: 2, inForceAt: at('2025-06-01T00:00:00Z') },
      { version: 3, inForceAt: at('2025-09-01T00:00:00Z') },
    ];
    expect(versionInForce(versions, at('2024-12-31T23:59:59Z'))).toBeNull();
    expect(versionInForce(versions, at('2025-06-01T00:00:00Z'))).toBe(2);
    expect(versionInForce(versions, at('2026-01-01T00:00:00Z'))).toBe(3);
  });
});

describe('the shared cache of support pages', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ catalogCache: { ttlSeconds: 300, maxBytes: 4 * 1024 * 1024 } });
  });
  afterAll(() => cached.close());

  it('keeps answers, and drops them as soon as an admin publishes', async () => {
    const BRAND = 'delitoonb-fr';
    const get = () =>
      cached.app
        .inject({ method: 'GET', url: '/api/v1/notices', headers: brandHeaders(BRAND) })
        .then((r) => r.json().data);
    const admin = await createAdmin(cached.database.db, cached.app.services.totp, {
      roles: ['SUPPORT'],
      brandIds: [BRAND],
    });
    expect((await get()).total).toBe(0);
    // A row written behind the api's back is not seen while the answer is kept…
    await cached.database.db.insert(notices).values({
      brandId: BRAND,
      title: `Direct ${randomUUID()}`,
      body: 'x',
      publishedAt: new Date(Date.now() - MINUTE),
    });
    expect((await get()).total).toBe(0);
    // …and an admin's change drops the kept answers.
    const created = await cached.app.inject({
      method: 'POST',
      url: '/api/v1/admin/notices',
      headers: { ...brandHeaders(BRAND), ...admin.headers },
      payload: { title: 'Through the api', body: 'y' },
    });
    expect(created.json().result).toBe('SUCCESS');
    expect((await get()).total).toBe(2);
  });
});
