import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTACT_DAILY_LIMIT, CONTACT_MAX_IMAGE_BYTES } from '@balcony/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberContext } from '../src/context.js';
import { adminAccounts, adminAudit, contactAttachments, contactRequests, users } from '../src/db/schema.js';
import { file } from '../src/modules/contact/service.js';
import type { BlobStore } from '../src/modules/media/store.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { serviceContext } from './support/context.js';
import { decompressionBomb, phoneJpeg, pngOfSize, solidPng } from './support/images.js';

// Contact requests (issue 13 item 4, the contact part of item 8; decisions 0200–0204): filing
// with up to three images, each checked by its bytes, cleaned and kept privately; the daily
// limit (LIMIT_QNA_COUNT); a member reads only their own requests and images; admins of the
// brand list and answer them, audited.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'], brandIds: [BRAND] });
});
afterAll(() => t.close());

const newMember = (brandId = BRAND) => createMember(t.database.db, t.config.auth, { brandId });

interface Upload {
  data: Buffer;
  name?: string;
  type?: string;
}
interface Fields {
  category?: string;
  title?: string;
  content?: string;
}
const FORM = {
  category: 'PAYMENT' as const,
  title: 'My coins did not arrive',
  content: 'I paid at 10:00 and see no coins.',
};

function headersOf(who?: Member, brandId = BRAND) {
  return { ...brandHeaders(brandId), ...(who?.headers ?? {}) };
}

function fileRequest(who: Member | undefined, images: Upload[] = [], fields: Fields = FORM, brandId = BRAND) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, image] of images.entries()) {
    form.append(
      'images',
      new Blob([new Uint8Array(image.data)], { type: image.type ?? 'image/png' }),
      image.name ?? `i${i}.png`,
    );
  }
  return t.app.inject({ method: 'POST', url: '/api/v1/qna', headers: headersOf(who, brandId), payload: form });
}

const { api, data, failure } = callsOf(() => t, { brand: BRAND });

const png = async (colour = '#3c6') => ({ data: await solidPng(40, 30, colour) });
const listOf = async (m: Member) => data(api('GET', '/qna', m));
const imageOf = (m: Member | undefined, id: number, position: number, brandId = BRAND) =>
  api('GET', `/qna/${id}/attachments/${position}`, m, undefined, brandId);
const adminImageOf = (a: Member, id: number, position: number, brandId = BRAND) =>
  api('GET', `/admin/qna/${id}/attachments/${position}`, a, undefined, brandId);

describe('filing a request', () => {
  it('refuses visitors on every member call', async () => {
    expect(await failure(fileRequest(undefined, [await png()]))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('GET', '/qna'))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('GET', '/qna/1'))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(imageOf(undefined, 1, 0))).toEqual([401, 'NOT_LOGIN_USER']);
  });

  it('keeps a request with two images, WAIT, listed first with today’s count, its images served to its member', async () => {
    const m = await newMember();
    const first = await data(fileRequest(m, [], { ...FORM, title: 'Earlier' }));
    const filed = await data(fileRequest(m, [await png('#f00'), { data: await solidPng(30, 20), name: 'b.webp' }]));
    expect(filed).toMatchObject({
      category: 'PAYMENT',
      title: FORM.title,
      content: FORM.content,
      status: 'WAIT',
      answer: null,
      answeredAt: null,
      attachments: [
        { position: 0, width: 40, height: 30 },
        { position: 1, width: 30, height: 20 },
      ],
    });
    const list = await listOf(m);
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([filed.id, first.id]);
    expect(list.today).toEqual({ used: 2, limit: CONTACT_DAILY_LIMIT });
    expect(await data(api('GET', `/qna/${filed.id}`, m))).toEqual(filed);

    const image = await imageOf(m, filed.id, 1);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 30, 20]);
    expect(image.rawPayload.length).toBe(filed.attachments[1].bytes);
    expect(await failure(imageOf(m, filed.id, 2))).toEqual([404, 'NOT_EXIST']);
  });

  it('trims the texts and refuses an empty or too long title or content, an unknown category and a JSON body', async () => {
    const m = await newMember();
    const trimmed = await data(fileRequest(m, [], { ...FORM, title: '  Spaces  ' }));
    expect(trimmed.title).toBe('Spaces');
    for (const fields of [
      { ...FORM, title: '   ' },
      { ...FORM, content: '' },
      { ...FORM, title: 'x'.repeat(101) },
      { ...FORM, content: 'x'.repeat(2001) },
      { ...FORM, category: 'LOVE_LETTER' },
      { title: FORM.title, content: FORM.content },
      { ...FORM, title: 'bell \u0007' },
    ]) {
      expect(await failure(fileRequest(m, [], fields)), JSON.stringify(fields).slice(0, 60)).toEqual([
        400,
        'INVALID_PARAMETER',
      ]);
    }
    expect(await failure(api('POST', '/qna', m, FORM))).toEqual([400, 'INVALID_PARAMETER']);
    expect((await listOf(m)).total).toBe(1);
  });

  it('accepts three images and an image of exactly 3 MB', async () => {
    const m = await newMember();
    const three = await data(fileRequest(m, [await png(), await png('#00f'), await png('#ff0')]));
    expect(three.attachments.map((a: { position: number }) => a.position)).toEqual([0, 1, 2]);
    const big = await data(fileRequest(m, [{ data: await pngOfSize(CONTACT_MAX_IMAGE_BYTES) }]));
    expect(big.attachments).toHaveLength(1);
  });
});

describe('images that are refused (INVALID_PARAMETER, nothing kept)', () => {
  let m: Member;
  beforeAll(async () => {
    m = await newMember();
  });

  async function refused(images: Upload[]) {
    expect(await failure(fileRequest(m, images))).toEqual([400, 'INVALID_PARAMETER']);
    expect((await listOf(m)).total).toBe(0);
  }

  it('a fourth image', async () => {
    await refused([await png(), await png(), await png(), await png()]);
  });

  it('an image of 3.1 MB', async () => {
    await refused([await png(), { data: await pngOfSize(Math.ceil(3.1 * 1024 * 1024)) }]);
  });

  it('a PHP file renamed .png and sent as image/png', async () => {
    const php = Buffer.from('<?php system($_GET["c"]); ?>\n');
    await refused([{ data: php, name: 'shell.png', type: 'image/png' }]);
  });

  it('an SVG (it can carry script), a PDF and an empty file, whatever their names', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused([{ data: svg, name: 'a.png' }]);
    await refused([{ data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), name: 'b.jpg' }]);
    await refused([{ data: Buffer.alloc(0), name: 'c.png' }]);
  });

  it('a PNG header with a body cut short', async () => {
    const whole = await solidPng(200, 200);
    await refused([{ data: whole.subarray(0, 80) }]);
  });

  it('a 20000 × 20000 pixel image, from its header, without decoding it', async () => {
    const bomb = await decompressionBomb(20_000);
    expect(bomb.length).toBeLessThan(CONTACT_MAX_IMAGE_BYTES);
    const started = performance.now();
    await refused([{ data: bomb, name: 'bomb.png' }]);
    // Decoding 400 megapixels would take seconds and gigabytes; reading the header takes nothing.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('a file under another field name', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(FORM)) form.append(name, value);
    form.append('avatar', new Blob([new Uint8Array(await solidPng())], { type: 'image/png' }), 'a.png');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/qna', headers: headersOf(m), payload: form });
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_PARAMETER']);
  });
});

describe('stored images', () => {
  it('are re-encoded upright with EXIF and every other metadata stripped, in the private store only', async () => {
    const m = await newMember();
    const jpeg = await phoneJpeg();
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif).toBeDefined();
    expect(jpeg.includes('Secret Owner')).toBe(true);

    const filed = await data(fileRequest(m, [{ data: jpeg, name: 'photo.jpg', type: 'image/jpeg' }]));
    // The orientation tag was applied: 64 × 48 turned a quarter.
    expect(filed.attachments[0]).toMatchObject({ width: 48, height: 64 });
    const served = (await imageOf(m, filed.id, 0)).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.exif, meta.icc, meta.xmp, meta.iptc, meta.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(served.includes('Secret Owner')).toBe(false);
    expect(served.includes('Home Street')).toBe(false);

    const [row] = await t.database.db
      .select()
      .from(contactAttachments)
      .where(eq(contactAttachments.requestId, filed.id));
    const key = row?.mediaKey ?? '';
    expect(key).toMatch(new RegExp(`^contact/${filed.id}/0-[0-9a-f-]{36}\\.webp$`));
    expect(await readFile(join(t.config.mediaDir, 'private', key))).toEqual(served);
    expect(await readdir(join(t.config.mediaDir, 'originals')).catch(() => [])).not.toContain('contact');
    // The public media route never serves it, signed or not.
    const open = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(open.statusCode).toBe(404);
  });
});

describe('the daily limit (LIMIT_QNA_COUNT)', () => {
  /** The start of today in `timeZone`, as an instant. */
  function startOfToday(timeZone: string): Date {
    const now = new Date();
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
    return new Date(now.getTime() - elapsed);
  }
  const moveTo = (id: number, at: Date) =>
    t.database.db.update(contactRequests).set({ createdAt: at }).where(eq(contactRequests.id, id));

  it(`allows ${CONTACT_DAILY_LIMIT} a day in the brand’s zone, then LIMIT_QNA_COUNT; yesterday’s do not count`, async () => {
    const m = await newMember();
    const ids: number[] = [];
    for (let i = 0; i < CONTACT_DAILY_LIMIT; i++) ids.push((await data(fileRequest(m))).id);
    expect(await failure(fileRequest(m, [await png()]))).toEqual([429, 'LIMIT_QNA_COUNT']);
    expect(await listOf(m)).toMatchObject({ total: CONTACT_DAILY_LIMIT, today: { used: CONTACT_DAILY_LIMIT } });

    // Another member is not held back by this one.
    await data(fileRequest(await newMember()));

    // Filed just after the brand's midnight (Europe/Paris): still today. Just before: yesterday.
    const midnight = startOfToday('Europe/Paris');
    await moveTo(ids[0] ?? 0, new Date(midnight.getTime() + 1000));
    expect(await failure(fileRequest(m))).toEqual([429, 'LIMIT_QNA_COUNT']);
    await moveTo(ids[0] ?? 0, new Date(midnight.getTime() - 1000));
    expect((await listOf(m)).today.used).toBe(CONTACT_DAILY_LIMIT - 1);
    await data(fileRequest(m));
    expect(await failure(fileRequest(m))).toEqual([429, 'LIMIT_QNA_COUNT']);
  });

  it('holds when requests come at once', async () => {
    const m = await newMember();
    for (let i = 0; i < CONTACT_DAILY_LIMIT - 1; i++) await data(fileRequest(m));
    const answers = await Promise.all([fileRequest(m), fileRequest(m), fileRequest(m)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    expect((await listOf(m)).total).toBe(CONTACT_DAILY_LIMIT);
  });
});

describe('a member sees only their own', () => {
  let owner: Member;
  let filed: { id: number };
  beforeAll(async () => {
    owner = await newMember();
    filed = await data(fileRequest(owner, [await png()], { ...FORM, title: 'Owner’s private question' }));
  });

  it('another member of the brand cannot list, read, fetch the image of, or answer it', async () => {
    const other = await newMember();
    expect((await listOf(other)).items).toEqual([]);
    expect(await failure(api('GET', `/qna/${filed.id}`, other))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(imageOf(other, filed.id, 0))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(api('POST', `/admin/qna/${filed.id}/answer`, other, { answer: 'Mine now' }))).toEqual([
      401,
      'NOT_LOGIN_USER',
    ]);
    expect(await failure(api('GET', '/admin/qna', other))).toEqual([401, 'NOT_LOGIN_USER']);
    const still = await data(api('GET', `/qna/${filed.id}`, owner));
    expect([still.status, still.answer]).toEqual(['WAIT', null]);
  });

  it('a member or an admin of another brand cannot reach it either', async () => {
    const elsewhere = await newMember(OTHER_BRAND);
    const foreignAdmin = await createAdmin(t.database.db, t.app.services.totp, {
      roles: ['SUPPORT'],
      brandIds: [OTHER_BRAND],
    });
    expect(await failure(api('GET', `/qna/${filed.id}`, elsewhere, undefined, OTHER_BRAND))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect(await failure(imageOf(elsewhere, filed.id, 0, OTHER_BRAND))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(adminImageOf(foreignAdmin, filed.id, 0, OTHER_BRAND))).toEqual([404, 'NOT_EXIST']);
    // Nor with the brand's header: that admin may not act in this brand at all.
    expect(await failure(adminImageOf(foreignAdmin, filed.id, 0))).toEqual([403, 'FORBIDDEN']);
    // A reader's route does not take an admin session.
    expect((await imageOf(admin, filed.id, 0)).statusCode).toBe(401);
    expect(
      await failure(api('POST', `/admin/qna/${filed.id}/answer`, foreignAdmin, { answer: 'x' }, OTHER_BRAND)),
    ).toEqual([404, 'NOT_EXIST']);
    const list = await data(api('GET', '/admin/qna', foreignAdmin, undefined, OTHER_BRAND));
    expect(list.items.map((r: { id: number }) => r.id)).not.toContain(filed.id);
  });

  it('the brand’s support admin may see its image', async () => {
    const image = await adminImageOf(admin, filed.id, 0);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
  });
});

describe('answering (admins)', () => {
  it('lists waiting requests oldest first, answers one: COMPLETED with the answer for its member, audited', async () => {
    const m = await newMember();
    const older = await data(fileRequest(m, [], { ...FORM, title: 'Older' }));
    const newer = await data(fileRequest(m, [], { ...FORM, title: 'Newer' }));
    const waiting = await data(api('GET', '/admin/qna?status=WAIT&size=100', admin));
    const ids = waiting.items.map((r: { id: number }) => r.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(waiting.items.find((r: { id: number }) => r.id === older.id)).toMatchObject({
      userId: m.id,
      status: 'WAIT',
    });

    const answered = await data(
      api('POST', `/admin/qna/${older.id}/answer`, admin, { answer: ' We added the coins. ' }),
    );
    expect(answered).toMatchObject({ status: 'COMPLETED', answer: 'We added the coins.', answeredBy: admin.id });
    const seen = await data(api('GET', `/qna/${older.id}`, m));
    expect(seen).toMatchObject({ status: 'COMPLETED', answer: 'We added the coins.' });
    expect(seen.answeredAt).not.toBeNull();
    expect(seen).not.toHaveProperty('answeredBy');
    const after = await data(api('GET', '/admin/qna?status=WAIT&size=100', admin));
    expect(after.items.map((r: { id: number }) => r.id)).not.toContain(older.id);
    const completed = await data(api('GET', '/admin/qna?status=COMPLETED&size=100', admin));
    expect(completed.items.map((r: { id: number }) => r.id)).toContain(older.id);

    await data(api('POST', `/admin/qna/${older.id}/answer`, admin, { answer: 'Corrected answer.' }));
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'QNA_ANSWER'), eq(adminAudit.targetUserId, m.id)))
      .orderBy(adminAudit.id);
    expect(audit.map((a) => [a.adminId, a.targetType, a.targetId, a.before, a.after])).toEqual([
      [
        admin.id,
        'contact',
        String(older.id),
        { status: 'WAIT', answer: null },
        { status: 'COMPLETED', answer: 'We added the coins.' },
      ],
      [
        admin.id,
        'contact',
        String(older.id),
        { status: 'COMPLETED', answer: 'We added the coins.' },
        { status: 'COMPLETED', answer: 'Corrected answer.' },
      ],
    ]);
    const owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
    const log = await data(api('GET', `/admin/audit?userId=${m.id}`, owner));
    expect(log.items.map((i: { action: string }) => i.action)).toEqual(['QNA_ANSWER', 'QNA_ANSWER']);
  });

  it('refuses an empty answer and an unknown request, and visitors', async () => {
    const m = await newMember();
    const filed = await data(fileRequest(m));
    expect(await failure(api('POST', `/admin/qna/${filed.id}/answer`, admin, { answer: '  ' }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    expect(await failure(api('POST', '/admin/qna/2000000000/answer', admin, { answer: 'x' }))).toEqual([
      404,
      'NOT_EXIST',
    ]);
    expect(await failure(api('POST', `/admin/qna/${filed.id}/answer`, undefined, { answer: 'x' }))).toEqual([
      401,
      'NOT_LOGIN_USER',
    ]);
    expect((await data(api('GET', `/qna/${filed.id}`, m))).status).toBe('WAIT');
  });

  it('refuses an admin whose support role was taken away a moment ago', async () => {
    const former = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    const m = await newMember();
    const filed = await data(fileRequest(m));
    await t.database.db
      .update(adminAccounts)
      .set({ roles: ['CONTENT'] })
      .where(eq(adminAccounts.id, former.id));
    const res = await api('POST', `/admin/qna/${filed.id}/answer`, former, { answer: 'x' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await data(api('GET', `/qna/${filed.id}`, m))).status).toBe('WAIT');
  });
});

describe('a request that is not kept', () => {
  it('leaves none of its images in the store', async () => {
    const m = await newMember();
    const [user] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    if (!user) throw new Error('the member exists');
    const ctx: MemberContext = { ...serviceContext(t), user, authTime: new Date() };
    const kept = new Map<string, Buffer>();
    // The second image cannot be written: the request rolls back, and the first image goes with it.
    const store: BlobStore = {
      get: async (key) => kept.get(key) ?? null,
      put: async (key, data) => {
        if (kept.size > 0) throw new Error('disk full');
        kept.set(key, data);
      },
      delete: async (key) => {
        kept.delete(key);
      },
    };
    const image = await solidPng();
    await expect(file(ctx, store, { form: FORM, images: [image, image] })).rejects.toThrow('disk full');
    expect([...kept.keys()]).toEqual([]);
    expect(await t.database.db.select().from(contactRequests).where(eq(contactRequests.userId, m.id))).toEqual([]);
  });
});
