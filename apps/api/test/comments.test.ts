import { COMMENT_BLIND_REPORTS, type Comment, type PlatformId } from '@balcony/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// Comments on episodes (issue 13 items 1 and 8, decisions 0190–0194): the rules of spec §5, the
// states of spec §3 (REPORT, BLIND, DELETED, BLOCK), order and likes, /comment/my, the write
// limit, and moderation by the brand's admins with its audit rows.

const BRAND = 'delitoonb-fr';

let t: TestApp;
let S: Awaited<ReturnType<typeof createSeries>>;
beforeAll(async () => {
  t = await createTestApp();
  S = await createSeries(t.database.db, { title: 'Comment Harbour', episodes: { count: 2, free: 1 } });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = (brandId: string = BRAND, extra: { birthedAt?: string } = {}) =>
  createMember(t.database.db, t.config.auth, { brandId, ...extra });
const newAdmin = (brandId: string) =>
  createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'], brandIds: [brandId] });

const { api, data, failure } = callsOf(() => t, { brand: BRAND });

const ep = (n: number) => S.episodes[n - 1]?.id ?? 0;
const write = (who: Member | undefined, content: string, episodeId = ep(1), extra: object = {}, brand = BRAND) =>
  api('POST', `/episodes/${episodeId}/comments`, who, { content, ...extra }, brand);
const written = async (who: Member, content: string, episodeId = ep(1), extra: object = {}): Promise<Comment> =>
  data(write(who, content, episodeId, extra));
const list = async (episodeId: number, who?: Member, query = ''): Promise<Comment[]> =>
  (await data(api('GET', `/episodes/${episodeId}/comments${query}`, who))).items;
const find = async (id: number, who?: Member, episodeId = ep(1)) =>
  (await list(episodeId, who)).find((c) => c.id === id);

describe('writing (spec §5)', () => {
  it('needs a login', async () => {
    expect(await failure(write(undefined, 'Hello'))).toEqual([401, 'NOT_LOGIN_USER']);
  });

  it('takes 1 to 500 characters: 500 pass, 501 and a blank comment are refused', async () => {
    const m = await newMember();
    const long = await written(m, 'a'.repeat(500));
    expect(long.content).toHaveLength(500);
    expect(await failure(write(m, 'b'.repeat(501)))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(write(m, '   \n  '))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(write(m, ''))).toEqual([400, 'INVALID_PARAMETER']);
    const texts = (await list(ep(1))).map((c) => c.content);
    expect(texts).toContain('a'.repeat(500));
    expect(texts).not.toContain('b'.repeat(501));
  });

  it('keeps the spoiler flag, and the text exactly as typed (shown as text, never as HTML)', async () => {
    const m = await newMember();
    const html = '<img src=x onerror=alert(1)> <b>he lives</b>';
    const c = await written(m, html, ep(2), { spoiler: true });
    expect(c).toMatchObject({ content: html, spoiler: true, mine: true, state: null, likeCount: 0 });
    expect(await find(c.id, undefined, ep(2))).toMatchObject({ content: html, spoiler: true, mine: false });
  });

  it('answers the episode and series codes for what the caller may not reach', async () => {
    const m = await newMember();
    expect(await failure(write(m, 'Hello', 2_000_000_000))).toEqual([404, 'NOT_FOUND_EPISODE']);
    const adult = await createSeries(t.database.db, { isAdult: true, episodes: { count: 1, free: 1 } });
    const adultEpisode = adult.episodes[0]?.id ?? 0;
    expect(await failure(write(m, 'Hello', adultEpisode))).toEqual([403, 'ADULT_ONLY_CONTENTS']);
    expect(await failure(api('GET', `/episodes/${adultEpisode}/comments`))).toEqual([403, 'ADULT_ONLY_CONTENTS']);
    const grown = await newMember(BRAND, { birthedAt: '1990-01-01' });
    expect((await written(grown, 'For adults', adultEpisode)).content).toBe('For adults');
    const elsewhere = await createSeries(t.database.db, { brands: ['bom-tw'], episodes: { count: 1, free: 1 } });
    expect(await failure(write(m, 'Hello', elsewhere.episodes[0]?.id))).toEqual([404, 'INVALID_CONTENTS']);
  });
});

describe('prohibited words (decision 0193)', () => {
  const cases: { brand: PlatformId; locale: string; bad: string; clean: string }[] = [
    { brand: 'delitoonb-fr', locale: 'fr', bad: 'Ce méchant est un vrai connard', clean: 'Ce méchant est génial' },
    { brand: 'delitoon-de', locale: 'de', bad: 'Was für ein Arschloch', clean: 'Was für ein Kapitel' },
    { brand: 'beltoon-jp', locale: 'ja', bad: 'こいつ死ねばいい、死ね', clean: 'この話は最高でした' },
    { brand: 'bom-th', locale: 'th', bad: 'ตัวร้ายเหี้ยมาก', clean: 'ตอนนี้สนุกมาก' },
    { brand: 'bom-tw', locale: 'zh-TW', bad: '這個反派是王八蛋', clean: '這集真好看' },
    { brand: 'delitoon-me', locale: 'en', bad: 'The villain is a total asshole', clean: 'The villain is great' },
  ];
  for (const { brand, locale, bad, clean } of cases) {
    it(`refuses a ${locale} prohibited word on ${brand}, and takes a clean comment`, async () => {
      const series = await createSeries(t.database.db, { brands: [brand], episodes: { count: 1, free: 1 } });
      const episodeId = series.episodes[0]?.id ?? 0;
      const m = await newMember(brand);
      expect(await failure(write(m, bad, episodeId, {}, brand))).toEqual([400, 'INVALID_PARAMETER']);
      expect((await data(write(m, clean, episodeId, {}, brand))).content).toBe(clean);
      const listed = (await data(api('GET', `/episodes/${episodeId}/comments`, undefined, undefined, brand))).items;
      expect(listed.map((c: Comment) => c.content)).toEqual([clean]);
    });
  }

  it('checks English on every brand too, past leetspeak', async () => {
    const m = await newMember();
    expect(await failure(write(m, 'Quelle b1tch cette reine'))).toEqual([400, 'INVALID_PARAMETER']);
  });
});

describe('order and likes', () => {
  it('lists newest first or most liked first; a like counts once per member and can be taken back', async () => {
    const series = await createSeries(t.database.db, { episodes: { count: 1, free: 1 } });
    const episodeId = series.episodes[0]?.id ?? 0;
    const [a, b, c] = await Promise.all([newMember(), newMember(), newMember()]);
    const first = await written(a, 'First', episodeId);
    const second = await written(b, 'Second', episodeId);
    const third = await written(c, 'Third', episodeId);
    expect((await list(episodeId)).map((x) => x.id)).toEqual([third.id, second.id, first.id]);

    expect(await data(api('PUT', `/comments/${first.id}/like`, b))).toEqual({ liked: true, likeCount: 1 });
    expect(await data(api('PUT', `/comments/${first.id}/like`, b))).toEqual({ liked: true, likeCount: 1 });
    await data(api('PUT', `/comments/${first.id}/like`, c));
    await data(api('PUT', `/comments/${second.id}/like`, a));
    const best = await list(episodeId, b, '?sort=BEST');
    expect(best.map((x) => [x.id, x.likeCount, x.liked])).toEqual([
      [first.id, 2, true],
      [second.id, 1, false],
      [third.id, 0, false],
    ]);
    expect(await data(api('DELETE', `/comments/${first.id}/like`, b))).toEqual({ liked: false, likeCount: 1 });
    expect(await data(api('DELETE', `/comments/${first.id}/like`, b))).toEqual({ liked: false, likeCount: 1 });
    expect((await find(first.id, b, episodeId))?.liked).toBe(false);
    expect(await failure(api('PUT', `/comments/${first.id}/like`))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('PUT', '/comments/2000000000/like', a))).toEqual([404, 'NOT_EXIST']);
  });

  it('lists a series’ comments across its episodes (/comment?series=)', async () => {
    const m = await newMember();
    const one = await written(m, 'On one', ep(1));
    const two = await written(m, 'On two', ep(2));
    const page = await data(api('GET', `/contents/${S.id}/comments`));
    expect(page).toMatchObject({ series: { id: S.id, title: 'Comment Harbour' }, episode: null, sort: 'NEWEST' });
    const ids = page.items.map((c: Comment) => c.id);
    expect(ids.indexOf(two.id)).toBeLessThan(ids.indexOf(one.id));
    expect(page.items.find((c: Comment) => c.id === two.id).episode).toMatchObject({ id: ep(2), number: 2 });
  });

  it('pages 20 at a time', async () => {
    const series = await createSeries(t.database.db, { episodes: { count: 1, free: 1 } });
    const episodeId = series.episodes[0]?.id ?? 0;
    const m = await newMember();
    for (let i = 0; i < 21; i++) await written(m, `Comment ${i}`, episodeId);
    const first = await data(api('GET', `/episodes/${episodeId}/comments`));
    const second = await data(api('GET', `/episodes/${episodeId}/comments?page=2`));
    expect([first.items.length, second.items.length, first.total]).toEqual([20, 1, 21]);
    expect(second.items[0].content).toBe('Comment 0');
  });
});

describe('reports and BLIND (decision 0192)', () => {
  it('marks REPORT once per member; the author cannot report their own', async () => {
    const author = await newMember();
    const reader = await newMember();
    const c = await written(author, 'Maybe rude');
    expect(await failure(api('POST', `/comments/${c.id}/report`, author))).toEqual([403, 'FORBIDDEN']);
    expect(await data(api('POST', `/comments/${c.id}/report`, reader))).toEqual({ reported: true, state: null });
    expect(await data(api('POST', `/comments/${c.id}/report`, reader))).toEqual({ reported: true, state: null });
    // Still shown to readers, and marked as reported for the reporter.
    expect(await find(c.id, reader)).toMatchObject({ content: 'Maybe rude', reported: true, state: null });
    expect(await find(c.id)).toMatchObject({ content: 'Maybe rude', reported: false });
    const admin = await newAdmin(BRAND);
    const reported = await data(api('GET', '/admin/comments', admin));
    expect(reported.items.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      state: 'REPORT',
      reportCount: 1,
      content: 'Maybe rude',
      authorId: author.id,
    });
  });

  it(`hides the comment (BLIND) at ${COMMENT_BLIND_REPORTS} reports; its author still reads it on /comment/my`, async () => {
    const author = await newMember();
    const c = await written(author, 'Really rude');
    const reporters = await Promise.all(Array.from({ length: COMMENT_BLIND_REPORTS }, () => newMember()));
    for (const [i, r] of reporters.entries()) {
      const answer = await data(api('POST', `/comments/${c.id}/report`, r));
      expect(answer.state).toBe(i === COMMENT_BLIND_REPORTS - 1 ? 'BLIND' : null);
      if (i === COMMENT_BLIND_REPORTS - 2) expect((await find(c.id))?.content).toBe('Really rude');
    }
    expect(await find(c.id)).toMatchObject({ state: 'BLIND', content: null });
    expect(await find(c.id, author)).toMatchObject({ state: 'BLIND', content: null, mine: true });
    const mine = await data(api('GET', '/comments/my', author));
    expect(mine.items.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      state: 'BLIND',
      content: 'Really rude',
    });
    const reader = await newMember();
    expect(await failure(api('PUT', `/comments/${c.id}/like`, reader))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(api('POST', `/comments/${c.id}/report`, reader))).toEqual([404, 'NOT_EXIST']);
  });
});

describe('deleting (DELETED)', () => {
  it('lets only the author delete; the comment stays as a placeholder without its text', async () => {
    const author = await newMember();
    const other = await newMember();
    const c = await written(author, 'Changed my mind');
    expect(await failure(api('DELETE', `/comments/${c.id}`, other))).toEqual([403, 'FORBIDDEN']);
    expect((await find(c.id))?.content).toBe('Changed my mind');
    const elsewhere = await newMember('bom-tw');
    expect(await failure(api('DELETE', `/comments/${c.id}`, elsewhere, undefined, 'bom-tw'))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect(await failure(api('DELETE', `/comments/${c.id}`))).toEqual([401, 'NOT_LOGIN_USER']);

    expect(await data(api('DELETE', `/comments/${c.id}`, author))).toEqual({ deleted: true });
    expect(await data(api('DELETE', `/comments/${c.id}`, author))).toEqual({ deleted: true });
    expect(await find(c.id, other)).toMatchObject({ state: 'DELETED', content: null, nickname: null });
    const mine = await data(api('GET', '/comments/my', author));
    expect(mine.items.find((x: { id: number }) => x.id === c.id)).toMatchObject({ state: 'DELETED', content: null });
    expect(await failure(api('PUT', `/comments/${c.id}/like`, other))).toEqual([404, 'NOT_EXIST']);
  });
});

describe('blocking (BLOCK)', () => {
  it('hides a blocked member’s comments from the blocker only, until the block is lifted', async () => {
    const series = await createSeries(t.database.db, { episodes: { count: 1, free: 1 } });
    const episodeId = series.episodes[0]?.id ?? 0;
    const [rude, blocker, bystander] = await Promise.all([newMember(), newMember(), newMember()]);
    const c1 = await written(rude, 'Rude one', episodeId);
    const c2 = await written(rude, 'Rude two', episodeId);
    const kept = await written(bystander, 'Nice one', episodeId);
    expect(await failure(api('POST', `/comments/${kept.id}/block`, bystander))).toEqual([400, 'INVALID_PARAMETER']);

    const block = await data(api('POST', `/comments/${c1.id}/block`, blocker));
    expect(block).toMatchObject({ id: expect.any(Number), nickname: expect.any(String) });
    expect(await data(api('POST', `/comments/${c2.id}/block`, blocker))).toMatchObject({ id: block.id });
    expect((await list(episodeId, blocker)).map((c) => c.id)).toEqual([kept.id]);
    expect((await data(api('GET', `/episodes/${episodeId}/comments`, blocker))).total).toBe(1);
    expect((await list(episodeId, bystander)).map((c) => c.id)).toEqual([kept.id, c2.id, c1.id]);
    expect((await list(episodeId)).map((c) => c.id)).toEqual([kept.id, c2.id, c1.id]);
    expect((await data(api('GET', '/comments/blocks', blocker))).items).toEqual([block]);

    expect(await failure(api('DELETE', `/comments/blocks/${block.id}`, bystander))).toEqual([404, 'NOT_EXIST']);
    expect(await data(api('DELETE', `/comments/blocks/${block.id}`, blocker))).toEqual({ unblocked: true });
    expect((await list(episodeId, blocker)).map((c) => c.id)).toEqual([kept.id, c2.id, c1.id]);
  });
});

describe('/comment/my', () => {
  it('lists only the caller’s comments, newest first, with the series and episode to link back to', async () => {
    const me = await newMember();
    const other = await newMember();
    const a = await written(me, 'Mine on one', ep(1));
    const b = await written(me, 'Mine on two', ep(2), { spoiler: true });
    await written(other, 'Not mine');
    const page = await data(api('GET', '/comments/my', me));
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({
        id: b.id,
        content: 'Mine on two',
        spoiler: true,
        series: { id: S.id, title: 'Comment Harbour' },
        episode: { id: ep(2), number: 2, title: 'Episode 2' },
      }),
      expect.objectContaining({ id: a.id, episode: expect.objectContaining({ id: ep(1) }) }),
    ]);
    expect(await failure(api('GET', '/comments/my'))).toEqual([401, 'NOT_LOGIN_USER']);
  });
});

describe('the write limit (decision 0194)', () => {
  it('stops a member after RATE_LIMIT_ACCOUNT comments in 10 minutes', async () => {
    const limited = await createTestApp({ accountRateLimit: 3 });
    try {
      const series = await createSeries(limited.database.db, { episodes: { count: 1, free: 1 } });
      const m = await createMember(limited.database.db, limited.config.auth);
      const other = await createMember(limited.database.db, limited.config.auth);
      const send = (who: Member, n: number) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/v1/episodes/${series.episodes[0]?.id}/comments`,
          headers: { ...brandHeaders(), ...who.headers },
          payload: { content: `Comment ${n}` },
        });
      const answers = [];
      for (let n = 1; n <= 4; n++) answers.push(await send(m, n));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[3]?.json().code).toBe('TOO_MANY_REQUESTS');
      expect((await send(other, 5)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('moderation (issue 13 item 8)', () => {
  it('is for the brand’s support admins only', async () => {
    const m = await newMember();
    const content = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'] });
    const c = await written(m, 'Fine');
    for (const [method, url] of [
      ['GET', '/admin/comments'],
      ['PUT', `/admin/comments/${c.id}/blind`],
      ['PUT', `/admin/comments/${c.id}/restore`],
    ] as const) {
      expect(await failure(api(method, url, m))).toEqual([401, 'NOT_LOGIN_USER']);
      expect(await failure(api(method, url))).toEqual([401, 'NOT_LOGIN_USER']);
      expect(await failure(api(method, url, content))).toEqual([403, 'FORBIDDEN']);
    }
    const foreignAdmin = await newAdmin('bom-tw');
    expect(await failure(api('PUT', `/admin/comments/${c.id}/blind`, foreignAdmin, undefined, 'bom-tw'))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect((await find(c.id))?.state).toBeNull();
  });

  it('blinds and restores with an audit row each; a restored comment’s reports start again', async () => {
    const admin = await newAdmin(BRAND);
    const author = await newMember();
    const reporter = await newMember();
    const c = await written(author, 'Borderline');
    await data(api('POST', `/comments/${c.id}/report`, reporter));

    const blinded = await data(api('PUT', `/admin/comments/${c.id}/blind`, admin));
    expect(blinded).toMatchObject({ id: c.id, state: 'BLIND', reportCount: 1, content: 'Borderline' });
    expect(await find(c.id)).toMatchObject({ state: 'BLIND', content: null });
    const hidden = await data(api('GET', '/admin/comments?state=BLIND', admin));
    expect(hidden.items.map((x: { id: number }) => x.id)).toContain(c.id);

    const restored = await data(api('PUT', `/admin/comments/${c.id}/restore`, admin));
    expect(restored).toMatchObject({ state: null, reportCount: 0 });
    expect(await find(c.id, reporter)).toMatchObject({ state: null, content: 'Borderline', reported: false });
    // Nothing to restore now; the reporter may report it again, which puts it back in the list.
    expect(await failure(api('PUT', `/admin/comments/${c.id}/restore`, admin))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await data(api('POST', `/comments/${c.id}/report`, reporter))).toEqual({ reported: true, state: null });
    expect((await data(api('PUT', `/admin/comments/${c.id}/restore`, admin))).state).toBeNull();

    const rows = await t.database.db
      .select({
        action: adminAudit.action,
        adminId: adminAudit.adminId,
        targetId: adminAudit.targetId,
        before: adminAudit.before,
        after: adminAudit.after,
      })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetUserId, author.id)))
      .orderBy(adminAudit.id);
    const target = { adminId: admin.id, targetId: String(c.id) };
    expect(rows).toEqual([
      {
        action: 'COMMENT_BLIND',
        ...target,
        before: { state: 'REPORT', reportCount: 1 },
        after: { state: 'BLIND', reportCount: 1 },
      },
      {
        action: 'COMMENT_RESTORE',
        ...target,
        before: { state: 'BLIND', reportCount: 1 },
        after: { state: null, reportCount: 0 },
      },
      {
        action: 'COMMENT_RESTORE',
        ...target,
        before: { state: 'REPORT', reportCount: 1 },
        after: { state: null, reportCount: 0 },
      },
    ]);
    const owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
    const audit = await data(api('GET', `/admin/audit?userId=${author.id}`, owner));
    expect(audit.items.map((x: { action: string }) => x.action)).toContain('COMMENT_BLIND');

    await data(api('DELETE', `/comments/${c.id}`, author));
    expect(await failure(api('PUT', `/admin/comments/${c.id}/blind`, admin))).toEqual([404, 'NOT_EXIST']);
  });
});
