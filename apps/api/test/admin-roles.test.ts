import { ADMIN_ROLES, type AdminRole } from '@balcony/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The role matrix of the admin API (issue 15 item 2), generated from the app's own route table:
// every operation under /api/v1/admin/ (its OpenAPI document, which test/cross-member.test.ts
// proves equal to the router's tree) must name its roles, and each role reaches exactly those
// routes; visitors and readers reach none. An admin route added without roles fails here.

const BRAND = 'delitoonb-fr';
const OPEN = new Set(['POST /api/v1/admin/auth/login']);
/** A number no row has, for every path parameter: an allowed caller gets past the guard and finds nothing. */
const NO_SUCH_ID = '2000000000';

interface AdminOperation {
  method: string;
  path: string;
  roles: AdminRole[];
}

let t: TestApp;
let operations: AdminOperation[];
let reader: { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  reader = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-admin-roles'?: AdminRole[] }>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    path.startsWith('/api/v1/admin/')
      ? Object.entries(item)
          .filter(([method]) => !OPEN.has(`${method.toUpperCase()} ${path}`))
          .map(([method, op]) => ({ method: method.toUpperCase(), path, roles: op['x-admin-roles'] ?? [] }))
      : [],
  );
});
afterAll(() => t.close());

const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, NO_SUCH_ID);
const call = (op: AdminOperation, headers: Record<string, string> = {}, brand = BRAND) =>
  t.app.inject({
    method: op.method as 'GET',
    url: urlOf(op.path),
    headers: { ...brandHeaders(brand), ...headers },
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the admin route table', () => {
  it('names the roles of every admin operation', () => {
    expect(operations.length).toBeGreaterThan(20);
    const withoutRoles = operations.filter((op) => op.roles.length === 0).map((op) => `${op.method} ${op.path}`);
    expect(withoutRoles, 'admin operations declared without { admin: roles }').toEqual([]);
  });

  it('lets no visitor and no reader through, whatever the route', async () => {
    for (const op of operations) {
      for (const headers of [{}, reader.headers]) {
        const res = await call(op, headers);
        expect([res.statusCode, res.json().code], `${op.method} ${op.path}`).toEqual([401, 'NOT_LOGIN_USER']);
      }
    }
  });

  for (const role of ADMIN_ROLES) {
    it(`lets ${role} reach exactly the routes open to ${role}${role === 'OWNER' ? ' (all of them)' : ''}`, async () => {
      const reached: string[] = [];
      for (const op of operations) {
        // A fresh admin per call: logging out, for one, ends the session it is called with.
        const admin = await createAdmin(t.database.db, t.app.services.totp, { roles: [role] });
        const res = await call(op, admin.headers);
        const allowed = role === 'OWNER' || op.roles.includes(role);
        const name = `${op.method} ${op.path} as ${role}`;
        if (allowed) {
          expect([401, 403], `${name}: ${res.body}`).not.toContain(res.statusCode);
          reached.push(`${op.method} ${op.path}`);
        } else {
          expect([res.statusCode, res.json().code], name).toEqual([403, 'FORBIDDEN']);
        }
      }
      if (role === 'OWNER') expect(reached).toHaveLength(operations.length);
      else expect(reached.length).toBeGreaterThan(0);
    });
  }

  it('keeps an admin of some brands out of the others', async () => {
    const elsewhere = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'], brandIds: ['bom-tw'] });
    for (const op of operations) {
      const res = await call(op, elsewhere.headers);
      expect([res.statusCode, res.json().code], `${op.method} ${op.path}`).toEqual([403, 'FORBIDDEN']);
    }
  });
});
