import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceContext, withTransaction } from '../src/context.js';
import { users } from '../src/db/schema.js';
import * as accounts from '../src/modules/users/service.js';
import { createTestApp, type TestApp } from './helper.js';
import { serviceContext } from './support/context.js';

// withTransaction on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL): nested
// calls join the outer transaction, and a throw anywhere rolls back every write made through it.

let t: TestApp;
let ctx: ServiceContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = serviceContext(t);
});
afterAll(() => t.close());

let serial = 0;
const newAccount = (c: ServiceContext) =>
  accounts.create(c, { brandId: c.brand.id, email: `tx-${++serial}@example.com`, status: 'ACTIVE' });
const nickname = async (id: number) =>
  (await t.database.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, id)))[0]?.nickname;

describe('withTransaction', () => {
  it('commits what the function wrote when it returns', async () => {
    const id = await withTransaction(ctx, async (tx) => (await newAccount(tx)).id);
    expect(await accounts.findById(ctx, id)).not.toBeNull();
  });

  it('gives a nested call the same transaction instead of a second one', async () => {
    const seen = await withTransaction(ctx, async (outer) => {
      const inner = await withTransaction(outer, async (tx) => tx);
      const txid = async (c: ServiceContext) => {
        const result = (await c.db.execute('select txid_current()::text as id')) as unknown as {
          rows: { id: string }[];
        };
        return result.rows[0]?.id;
      };
      return { same: inner.db === outer.db, own: await txid(outer), nested: await txid(inner) };
    });
    expect(seen.same).toBe(true);
    expect(seen.nested).toBe(seen.own);
  });

  it('rolls back the outer and the nested writes when the nested call throws', async () => {
    const existing = await newAccount(ctx);
    let created: number | undefined;
    await expect(
      withTransaction(ctx, async (outer) => {
        await accounts.update(outer, existing.id, { nickname: 'changed' });
        await withTransaction(outer, async (inner) => {
          created = (await newAccount(inner)).id;
          throw new Error('refused');
        });
      }),
    ).rejects.toThrow('refused');
    expect(created).toBeDefined();
    expect(await accounts.findById(ctx, created ?? 0)).toBeNull();
    expect(await nickname(existing.id)).toBeNull();
  });

  it('rolls back the nested writes when the outer call throws after them', async () => {
    let created: number | undefined;
    await expect(
      withTransaction(ctx, async (outer) => {
        await withTransaction(outer, async (inner) => {
          created = (await newAccount(inner)).id;
        });
        throw new Error('late');
      }),
    ).rejects.toThrow('late');
    expect(await accounts.findById(ctx, created ?? 0)).toBeNull();
  });

  it('leaves the context it was given outside the transaction', async () => {
    await withTransaction(ctx, async (tx) => {
      expect(tx.inTransaction).toBe(true);
      expect(tx.db).not.toBe(ctx.db);
    });
    expect(ctx.inTransaction).toBe(false);
  });
});
