import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The maintenance switch (issue 16 item 3; decisions 0252, 0253): an owner switches a brand (or
// every brand) to maintenance with its expected end; the apps get SERVICE_MAINTENANCE with
// Retry-After, the web's calls, the console and the health routes keep answering, and off again.

const BRAND = 'delitoon-me';
const OTHER = 'bom-th';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
});
afterAll(() => t.close());

type Who = { headers: Record<string, string> };
function api(
  method: 'GET' | 'PUT',
  url: string,
  opts: { who?: Who; brand?: string; platform?: string; body?: object } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(opts.brand ?? BRAND, opts.platform ?? 'WEB'), ...(opts.who?.headers ?? {}) },
    ...(opts.body ? { payload: opts.body } : {}),
  });
}
const switchTo = (body: object, who: Who = owner, brand = BRAND) =>
  api('PUT', '/admin/maintenance', { who, brand, body });

describe('maintenance', () => {
  it('answers the apps SERVICE_MAINTENANCE with Retry-After, and the web, the console and health as usual', async () => {
    const endsAt = new Date(Date.now() + 3600_000);
    const on = await switchTo({ active: true, allBrands: false, endsAt: endsAt.toISOString() });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.effective).toEqual({ active: true, endsAt: endsAt.toISOString(), scope: BRAND });

    for (const platform of ['AND_PLAY', 'AND_PLUS', 'IOS_APP']) {
      const res = await api('GET', '/transfer', { platform });
      expect([res.statusCode, res.json().code]).toEqual([503, 'SERVICE_MAINTENANCE']);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // The app learns the end from the state itself; the web's calls pass (it shows /prepare itself).
    const state = await api('GET', '/maintenance', { platform: 'IOS_APP' });
    expect(state.json().data).toEqual({ active: true, endsAt: endsAt.toISOString(), scope: BRAND });
    expect((await api('GET', '/coin/mileage/exchange', { platform: 'WEB' })).json().code).not.toBe(
      'SERVICE_MAINTENANCE',
    );
    // Another brand is not affected.
    expect((await api('GET', '/maintenance', { brand: OTHER, platform: 'IOS_APP' })).json().data.active).toBe(false);
    // Health and the console answer.
    expect((await t.app.inject({ method: 'GET', url: '/_/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/_/ready' })).statusCode).toBe(200);
    const console = await api('GET', '/admin/maintenance', { who: owner, platform: 'IOS_APP' });
    expect(console.statusCode).toBe(200);

    const off = await switchTo({ active: false, allBrands: false, endsAt: null });
    expect(off.json().data.effective.active).toBe(false);
    const member = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    const again = await api('GET', '/coin', { who: member, platform: 'AND_PLAY' });
    expect(again.statusCode).toBe(200);

    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetType, 'maintenance'));
    expect(audit.map((a) => a.action)).toEqual(['MAINTENANCE_ON', 'MAINTENANCE_OFF']);
  });

  it('switches every brand at once, for owners of every brand only', async () => {
    const on = await switchTo({ active: true, allBrands: true, endsAt: null });
    expect(on.statusCode, on.body).toBe(200);
    const res = await api('GET', '/transfer', { brand: OTHER, platform: 'AND_PLAY' });
    expect([res.statusCode, res.json().code, res.headers['retry-after']]).toEqual([503, 'SERVICE_MAINTENANCE', '300']);
    expect((await api('GET', '/maintenance', { brand: OTHER })).json().data).toEqual({
      active: true,
      endsAt: null,
      scope: '*',
    });
    await switchTo({ active: false, allBrands: true, endsAt: null });
    expect((await api('GET', '/transfer', { brand: OTHER, platform: 'AND_PLAY' })).statusCode).toBe(200);

    const brandOwner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'], brandIds: [BRAND] });
    const refused = await switchTo({ active: true, allBrands: true, endsAt: null }, brandOwner);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    const notOwner = await switchTo({ active: true, allBrands: false, endsAt: null }, support);
    expect([notOwner.statusCode, notOwner.json().code]).toEqual([403, 'FORBIDDEN']);
    const past = await switchTo({ active: true, allBrands: false, endsAt: new Date(Date.now() - 1000).toISOString() });
    expect([past.statusCode, past.json().code]).toEqual([400, 'INVALID_PARAMETER']);
    expect((await api('GET', '/maintenance')).json().data.active).toBe(false);
  });

  it('can be switched on by the environment, which the console cannot turn off', async () => {
    const envApp = await createTestApp({ maintenance: { brands: [OTHER], endsAt: null, cacheMs: 0 } });
    try {
      const res = await envApp.app.inject({
        method: 'GET',
        url: '/api/v1/transfer',
        headers: brandHeaders(OTHER, 'IOS_APP'),
      });
      expect([res.statusCode, res.json().code]).toEqual([503, 'SERVICE_MAINTENANCE']);
      const web = await envApp.app.inject({ method: 'GET', url: '/api/v1/maintenance', headers: brandHeaders(OTHER) });
      expect(web.json().data).toEqual({ active: true, endsAt: null, scope: OTHER });
    } finally {
      await envApp.close();
    }
  });
});
