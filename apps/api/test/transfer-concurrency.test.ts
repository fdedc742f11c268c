import { BRANDS, DAY_MS, TRANSFER_CONSENT_ITEMS, TRANSFER_CONSENT_VERSION } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/context.js';
import { accountTransfers, ledgerTransfers } from '../src/db/schema.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { LEDGER_CLEAN } from './support/purchase-book.js';

// Issue 16 "On PostgreSQL": two transfers of one account at once (two tabs, a double click)
// give one transfer and one ALREADY_TRANSFERRED; the coins leave once and the book balances.

const BRAND = 'delitoon-de';
let t: TestApp;

describe.skipIf(!process.env.TEST_DATABASE_URL)('account transfer under concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe('postgres');
    const owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/transfer/period',
      headers: { ...brandHeaders(BRAND), ...owner.headers },
      payload: { endsAt: new Date(Date.now() + DAY_MS).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('transfers one account once when two transfers of it race', async () => {
    const m = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    const ctx = systemContext(t.database.db, t.app.services, BRANDS[BRAND], t.app.log);
    for (const [i, amount] of [12, 8, 5].entries()) {
      await wallet.credit(ctx, {
        userId: m.id,
        ledger: 'COIN',
        amount,
        source: 'ADMIN',
        from: 'ADJUSTED',
        key: `race:${m.id}:${i}`,
        type: 'CHARGE',
        title: 'ADMIN_CHARGE',
        expiresAt: null,
      });
    }
    const transfer = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/transfer',
        headers: { ...brandHeaders(BRAND), ...m.headers },
        payload: { consent: [...TRANSFER_CONSENT_ITEMS], version: TRANSFER_CONSENT_VERSION },
      });
    const answers = await Promise.all([transfer(), transfer()]);
    const outcomes = answers.map((r) => (r.statusCode === 200 ? 'SUCCESS' : r.json().code)).sort();
    expect(outcomes).toEqual(['ALREADY_TRANSFERRED', 'SUCCESS']);

    expect(await t.database.db.select().from(accountTransfers).where(eq(accountTransfers.userId, m.id))).toHaveLength(
      1,
    );
    const out = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, m.id));
    expect(out.filter((row) => row.title === 'TRANSFER_OUT').reduce((s, row) => s + row.amount, 0)).toBe(25);
    expect(await wallet.balanceOf(ctx, m.id)).toMatchObject({ coin: 0 });
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });
});
