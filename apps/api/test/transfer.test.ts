import { BRANDS, DAY_MS, TRANSFER_CONSENT_ITEMS, TRANSFER_CONSENT_VERSION } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/context.js';
import { adminAudit, readingProgress } from '../src/db/schema.js';
import { createTokenSigner } from '../src/modules/auth/tokens.js';
import { createTransferSigner, verifyTransferFile } from '../src/modules/transfer/signing.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries, grant } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// The account transfer (issue 16 item 2; decisions 0250, 0251): the signed file verifies and a
// tampered one does not, the member's coins leave the ledger lot by lot and their balances are
// zero, the book still balances, a second transfer is refused, nobody else reads the status or
// the file, a stale session cannot transfer, and after the period's end the transfer is closed.

const BRAND = 'delitoon-fr';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let story: Awaited<ReturnType<typeof createSeries>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
  story = await createSeries(t.database.db, { brands: [BRAND], episodes: { count: 4, free: 1 } });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

const { api, data, failure } = callsOf(() => t, { brand: BRAND });

const CONSENT = { consent: [...TRANSFER_CONSENT_ITEMS], version: TRANSFER_CONSENT_VERSION };

async function setPeriodEnd(endsAt: Date | null) {
  return data(api('PUT', '/admin/transfer/period', owner, { endsAt: endsAt?.toISOString() ?? null }));
}

/** A member of the brand holding paid, bonus and free coins, a rental, a purchase, a favourite and a read. */
async function memberWithHoldings() {
  const m = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
  const ctx = systemContext(t.database.db, t.app.services, BRANDS[BRAND], t.app.log);
  const credit = (ledger: 'COIN' | 'BONUS' | 'FREE_COIN', amount: number, expiresAt: Date | null, key: string) =>
    wallet.credit(ctx, {
      userId: m.id,
      ledger,
      amount,
      source: 'ADMIN',
      from: 'ADJUSTED',
      key: `${key}:${m.id}`,
      type: 'CHARGE',
      title: 'ADMIN_CHARGE',
      expiresAt,
    });
  await credit('COIN', 30, null, 'paid');
  await credit('BONUS', 7, new Date(Date.now() + 10 * DAY_MS), 'bonus');
  await credit('FREE_COIN', 5, new Date(Date.now() + 3 * DAY_MS), 'free');
  const [first, second] = story.episodes;
  if (!first || !second) throw new Error('the series has episodes');
  await grant(t.database.db, { userId: m.id, episodeId: first.id, seriesId: story.id, kind: 'POSSESSION' });
  await grant(t.database.db, {
    userId: m.id,
    episodeId: second.id,
    seriesId: story.id,
    kind: 'RENT',
    expiresAt: new Date(Date.now() + DAY_MS),
  });
  await data(api('PUT', `/favorites/${story.id}`, m));
  await t.database.db
    .insert(readingProgress)
    .values({ userId: m.id, episodeId: first.id, seriesId: story.id, page: 3, offset: 0.5 });
  return m;
}

describe('account transfer', () => {
  it('transfers once: a signed file of every lot, ownership, read and favourite; the coins leave the ledger', async () => {
    await setPeriodEnd(new Date(Date.now() + DAY_MS));
    const m = await memberWithHoldings();

    const before = await data(api('GET', '/transfer', m));
    expect(before).toMatchObject({ period: { open: true, overridden: true }, transfer: null, refusal: null });

    const done = await data(api('POST', '/transfer', m, CONSENT));
    expect(done.transfer.summary).toEqual({
      coins: { coin: 30, freeCoin: 5, bonus: 7, mileage: 0 },
      lots: 3,
      ownerships: 2,
      rentals: 1,
      library: 1,
      favorites: 1,
    });
    expect(done.transfer.consent).toMatchObject({
      items: [...TRANSFER_CONSENT_ITEMS],
      version: TRANSFER_CONSENT_VERSION,
    });
    expect(done.refusal).toBe('ALREADY_TRANSFERRED');

    // Balances are zero, and the history says where the coins went.
    expect(await data(api('GET', '/coin', m))).toMatchObject({ coin: 0, freeCoin: 0, bonus: 0, mileage: 0 });
    const uses = await data(api('GET', '/coin/history/use', m));
    expect(uses.items.filter((i: { title: string }) => i.title === 'TRANSFER_OUT').length).toBe(3);

    // The file verifies with the published key and holds what was transferred.
    const key = await data(api('GET', '/transfer/public-key'));
    const res = await api('GET', '/transfer/file', m);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const file = res.json();
    const doc = verifyTransferFile(file, key.publicKey);
    expect(doc).not.toBeNull();
    expect(doc?.member.id).toBe(m.id);
    expect(doc?.coins.map((c) => [c.coinType, c.amount, c.expiresAt !== null]).sort()).toEqual([
      ['BONUS', 7, true],
      ['COIN', 30, false],
      ['FREE_COIN', 5, true],
    ]);
    expect(doc?.ownerships.find((o) => o.kind === 'RENT')?.expiresAt).not.toBeNull();
    expect(doc?.favorites.map((f) => f.seriesId)).toEqual([story.id]);
    expect(doc?.library.map((r) => r.seriesId)).toEqual([story.id]);

    // A changed byte, or another key, does not verify.
    const tampered = { ...file, document: file.document.replace('"amount":30', '"amount":300') };
    expect(tampered.document).not.toBe(file.document);
    expect(verifyTransferFile(tampered, key.publicKey)).toBeNull();
    expect(verifyTransferFile(file, createTransferSigner('another secret of enough length!!').publicKeyPem)).toBeNull();

    // A second transfer is refused and changes nothing.
    expect(await failure(api('POST', '/transfer', m, CONSENT))).toEqual([409, 'ALREADY_TRANSFERRED']);
    expect((await data(api('GET', '/transfer', m))).transfer.id).toBe(done.transfer.id);
  });

  it('lets nobody else read a member’s transfer or file', async () => {
    await setPeriodEnd(new Date(Date.now() + DAY_MS));
    const m = await memberWithHoldings();
    const other = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    await data(api('POST', '/transfer', m, CONSENT));
    expect((await data(api('GET', '/transfer', other))).transfer).toBeNull();
    expect(await failure(api('GET', '/transfer/file', other))).toEqual([404, 'NOT_EXIST']);
    expect(await failure(api('GET', '/transfer/file'))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('POST', '/transfer', undefined, CONSENT))).toEqual([401, 'NOT_LOGIN_USER']);
    // The other member still holds nothing transferred and may transfer themselves.
    expect((await data(api('GET', '/transfer', other))).refusal).toBeNull();
  });

  it('needs the whole current consent and a login through the transfer login', async () => {
    await setPeriodEnd(new Date(Date.now() + DAY_MS));
    const m = await memberWithHoldings();
    expect(await failure(api('POST', '/transfer', m, { ...CONSENT, consent: ['IRREVERSIBLE'] }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    expect(await failure(api('POST', '/transfer', m, { ...CONSENT, version: '2000-01-01' }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    expect(await failure(api('POST', '/transfer', m, { ...CONSENT, version: 'x'.repeat(33) }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    // A session whose login is older than 15 minutes must log in again first.
    const { token } = await createTokenSigner(t.config.auth).signAccess(
      { userId: m.id, brandId: BRAND, authTime: new Date(Date.now() - 20 * 60_000) },
      new Date(),
    );
    const stale = { headers: { authorization: `Bearer ${token}` } };
    expect((await data(api('GET', '/transfer', stale))).refusal).toBe('LOGIN_REQUIRED');
    expect(await failure(api('POST', '/transfer', stale, CONSENT))).toEqual([401, 'NOT_LOGIN_USER']);
    // Nothing moved.
    expect(await data(api('GET', '/coin', m))).toMatchObject({ coin: 30, bonus: 7, freeCoin: 5 });
  });

  it('is closed after the period and in brands without one; operators move the end, audited', async () => {
    const m = await memberWithHoldings();
    // The spec's end (30.11.2025 23:59, Paris) when no operator moved it.
    const configured = await setPeriodEnd(null);
    expect(configured.period).toEqual({ endsAt: '2025-11-30T22:59:59.999Z', open: false, overridden: false });
    expect(configured.configuredEndsAt).toBe('2025-11-30T22:59:59.999Z');

    await setPeriodEnd(new Date(Date.now() - 60_000));
    expect((await data(api('GET', '/transfer', m))).refusal).toBe('CLOSED');
    expect(await failure(api('POST', '/transfer', m, CONSENT))).toEqual([403, 'NOT_TRANSFER_PERIOD']);
    expect(await data(api('GET', '/coin', m))).toMatchObject({ coin: 30 });

    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'TRANSFER_PERIOD'));
    expect(audit.length).toBeGreaterThanOrEqual(2);

    // Only the French and German brands merge: none on the international one.
    const elsewhere = await createMember(t.database.db, t.config.auth, { brandId: 'delitoon-me' });
    const status = await data(api('GET', '/transfer', elsewhere, undefined, 'delitoon-me'));
    expect(status).toMatchObject({ period: { endsAt: null, open: false }, refusal: 'NO_TRANSFER' });
    expect(await failure(api('POST', '/transfer', elsewhere, CONSENT, 'delitoon-me'))).toEqual([404, 'NOT_EXIST']);
  });

  it('lets only finance admins of the brand move the period', async () => {
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    expect(await failure(api('PUT', '/admin/transfer/period', support, { endsAt: null }))).toEqual([403, 'FORBIDDEN']);
    const m = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    expect(await failure(api('PUT', '/admin/transfer/period', m, { endsAt: null }))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('PUT', '/admin/transfer/period', owner, { endsAt: 'tomorrow' }))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
  });
});
