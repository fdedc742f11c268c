import { DAY_MS, type HistoryEntry } from '@balcony/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, users } from '../src/db/schema.js';
import { mailRewardKey } from '../src/modules/auth/mail-reward.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers, newEmail } from './support/members.js';

// The sign-up mail reward of spec §8 (issue 12 item 5, decision 0164): confirming the e-mail
// address of a new account credits 10 free coins once per account. On PostgreSQL the same
// confirmation sent many times at once grants it once (real row locks; PGlite runs one statement
// at a time, so there it only checks the answers).

let t: TestApp;
const { call, codeFor } = memberHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

async function startSignUp() {
  const email = newEmail();
  const res = await call('POST', '/auth/local/signup', {
    email,
    password: 'Webtoon123',
    passwordConfirm: 'Webtoon123',
    agreeTerms: true,
  });
  const { userId, signUpId } = res.json().data as { userId: number; signUpId: number };
  const code = await codeFor(email);
  return { email, userId, signUpId, code };
}
const confirm = (s: { userId: number; signUpId: number; code: string }) =>
  call('POST', '/auth/local/signup/verify', { userId: s.userId, signUpId: s.signUpId, code: s.code });
const rewards = (userId: number) =>
  t.database.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.key, mailRewardKey(userId)));
const coinOf = async (token: string) =>
  (await call('GET', '/coin', undefined, { token })).json().data as { freeCoin: number; total: number };

describe('confirming the sign-up e-mail', () => {
  it('credits 10 free coins valid 30 days, shown in the charge history as the sign-up mail reward', async () => {
    const s = await startSignUp();
    const before = Date.now();
    const res = await confirm(s);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.accessToken.token as string;
    expect(await coinOf(token)).toMatchObject({ freeCoin: 10, total: 10 });
    const history = (await call('GET', '/coin/history/charge', undefined, { token })).json().data
      .items as HistoryEntry[];
    expect(history).toEqual([
      expect.objectContaining({
        type: 'CHARGE',
        title: 'SIGNUP_MAIL_REWARD',
        coinType: 'FREE_COIN',
        source: 'EVENT',
        amount: 10,
      }),
    ]);
    const expiresAt = Date.parse(history[0]?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('grants once: confirming again, or asking for the mail again, answers ALREADY_AUTH_MAIL', async () => {
    const s = await startSignUp();
    const token = (await confirm(s)).json().data.accessToken.token as string;
    const again = await confirm(s);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_AUTH_MAIL']);
    const resend = await call('POST', '/user/mail/auth', { userId: s.userId });
    expect([resend.statusCode, resend.json().code]).toEqual([409, 'ALREADY_AUTH_MAIL']);
    expect(await rewards(s.userId)).toHaveLength(1);
    expect((await coinOf(token)).freeCoin).toBe(10);
  });

  it('answers INVALID_USER for an account that cannot have it: withdrawn, or signed up with a provider', async () => {
    const s = await startSignUp();
    await confirm(s);
    await t.database.db.update(users).set({ status: 'WITHDRAWN' }).where(eq(users.id, s.userId));
    const withdrawn = await call('POST', '/user/mail/auth', { userId: s.userId });
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([403, 'INVALID_USER']);

    const social = await createMember(t.database.db, t.config.auth);
    await t.database.db
      .update(users)
      .set({ snsProvider: 'google', snsId: `sub-${social.id}` })
      .where(eq(users.id, social.id));
    const res = await call('POST', '/user/mail/auth', { userId: social.id });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_USER']);
    expect(await rewards(social.id)).toEqual([]);
  });

  it('answers UNKNOWN and opens nothing when the reward cannot be credited; the same code works once it can', async () => {
    const s = await startSignUp();
    // The book refuses the reward's movement for a moment (a failure that is not the member's doing).
    const refuse = sql.raw(`refuse_reward_${s.userId}`);
    await t.database.db.execute(
      sql`create function ${refuse}() returns trigger language plpgsql as $$ begin raise exception 'book unavailable'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger ${refuse} before insert on ledger_transfers for each row when (new.key = ${sql.raw(`'${mailRewardKey(s.userId)}'`)}) execute function ${refuse}()`,
    );
    try {
      const failed = await confirm(s);
      expect([failed.statusCode, failed.json().code]).toEqual([400, 'UNKNOWN']);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
      expect(row?.status).toBe('PENDING');
      expect(await rewards(s.userId)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`drop trigger ${refuse} on ledger_transfers`);
      await t.database.db.execute(sql`drop function ${refuse}()`);
    }
    const retried = await confirm(s);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await rewards(s.userId)).toHaveLength(1);
  });

  it('is not given through another brand: the account is not found there (NOT_FOUND_USER)', async () => {
    const s = await startSignUp();
    const other = await call(
      'POST',
      '/auth/local/signup/verify',
      { userId: s.userId, signUpId: s.signUpId, code: s.code },
      { brand: 'bom-tw' },
    );
    expect(other.json().code).toBe('NOT_FOUND_USER');
    expect(await rewards(s.userId)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent confirmations on PostgreSQL', () => {
  it('the same code confirmed 10 times at once opens the account once and grants 10 coins once', async () => {
    expect(t.database.kind).toBe('postgres');
    const s = await startSignUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(s)));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'SUCCESS' : a.json().code));
    expect(codes.filter((c) => c === 'SUCCESS')).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 'SUCCESS'))).toEqual(new Set(['ALREADY_AUTH_MAIL']));
    expect(await rewards(s.userId)).toHaveLength(1);
    const token = answers.find((a) => a.statusCode === 200)?.json().data.accessToken.token as string;
    expect(await coinOf(token)).toMatchObject({ freeCoin: 10, total: 10 });
  });

  it('two sign-up attempts of one address confirmed at once grant once', async () => {
    const email = newEmail();
    const attempt = async () => {
      const res = await call('POST', '/auth/local/signup', {
        email,
        password: 'Webtoon123',
        passwordConfirm: 'Webtoon123',
        agreeTerms: true,
      });
      const code = await codeFor(email);
      return { ...(res.json().data as { userId: number; signUpId: number }), code };
    };
    const first = await attempt();
    const second = await attempt();
    expect(second.userId).toBe(first.userId);
    const answers = await Promise.all([confirm(first), confirm(second), confirm(first), confirm(second)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await rewards(first.userId)).toHaveLength(1);
  });
});
