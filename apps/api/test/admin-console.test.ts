import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_SESSION_IDLE_MS, BRANDS, DEFAULT_BRAND_ID } from '@balcony/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/cli/admins.js';
import { systemContext } from '../src/context.js';
import { adminAccounts, adminAudit, adminSessions } from '../src/db/schema.js';
import { createFirstOwner, FIRST_OWNER_FILE } from '../src/modules/admin/accounts.js';
import { codeAt } from '../src/modules/admin/totp.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// Console admins (issue 15 item 2): a login needs the password and a TOTP code, sessions are
// short and apart from readers', the first OWNER of the embedded default gets a private file,
// the CLI creates and disables admins, and the audit log cannot be edited.

const BRAND = 'delitoonb-fr';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const exit = await run(argv, {
    database: t.database,
    config: t.config,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { exit, out: out.join('\n'), err: err.join('\n') };
}

/** A new admin made by the CLI, with the password and TOTP secret it printed. */
async function newAdmin(roles: string[] = ['SUPPORT']) {
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const made = await cli('create', '--email', email, '--name', 'Ana', ...roles.flatMap((r) => ['--role', r]));
  expect(made.exit, made.err).toBe(0);
  const password = /password: (\S+)/.exec(made.out)?.[1] ?? '';
  const secret = /TOTP secret: (\S+)/.exec(made.out)?.[1] ?? '';
  return { email, password, secret };
}

const login = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', headers: brandHeaders(BRAND), payload: body });
const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/auth/me',
    headers: { ...brandHeaders(BRAND), authorization: `Bearer ${token}` },
  });
/** A code of another 30 s step than the one last used (a code is good once). */
const codeIn = (secret: string, steps: number) => codeAt(secret, new Date(Date.now() + steps * 30_000));

describe('logging in', () => {
  it('needs the password and a current TOTP code, and answers a short session apart from readers’', async () => {
    const a = await newAdmin(['CONTENT', 'SUPPORT']);
    const res = await login({ email: a.email.toUpperCase(), password: a.password, totp: await codeIn(a.secret, 0) });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      idleMinutes: 30,
      admin: { email: a.email, roles: ['CONTENT', 'SUPPORT'], brandIds: [] },
    });
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
    expect((await me(session.token)).json().data.email).toBe(a.email);
    // The admin session opens no reader route.
    const reader = await t.app.inject({
      method: 'GET',
      url: '/api/v1/coin',
      headers: { ...brandHeaders(BRAND), authorization: `Bearer ${session.token}` },
    });
    expect(reader.statusCode).toBe(401);
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'ADMIN_LOGIN'));
    expect(audit.some((r) => r.targetId !== null && r.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses a wrong password, a wrong code, a code used before and an unknown e-mail alike', async () => {
    const a = await newAdmin();
    const code = await codeIn(a.secret, 0);
    const refusals = [
      await login({ email: a.email, password: `${a.password}x`, totp: code }),
      await login({ email: a.email, password: a.password, totp: code === '000000' ? '111111' : '000000' }),
      await login({ email: 'nobody@example.com', password: a.password, totp: code }),
    ];
    for (const res of refusals) expect([res.statusCode, res.json().code]).toEqual([401, 'INCORRECT_PASSWORD']);
    expect((await login({ email: a.email, password: a.password, totp: code })).statusCode).toBe(200);
    const replay = await login({ email: a.email, password: a.password, totp: code });
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'INCORRECT_PASSWORD']);
    // Nor is a reader's account a way in.
    const reader = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    expect(reader.id).toBeGreaterThan(0);
  });

  it('locks the account for an hour after 5 failures (EXCEED_AUTH_COUNT), even with the right factors', async () => {
    const a = await newAdmin();
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: a.email, password: 'wrong-password-1', totp: '123456' })).json().code).toBe(
        'INCORRECT_PASSWORD',
      );
    }
    expect((await login({ email: a.email, password: 'wrong-password-1', totp: '123456' })).json().code).toBe(
      'EXCEED_AUTH_COUNT',
    );
    const right = await login({ email: a.email, password: a.password, totp: await codeIn(a.secret, 0) });
    expect([right.statusCode, right.json().code]).toEqual([429, 'EXCEED_AUTH_COUNT']);
    const [row] = await t.database.db.select().from(adminAccounts).where(eq(adminAccounts.email, a.email));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('ends a session on logout, after 30 idle minutes, and when the admin is disabled', async () => {
    const a = await newAdmin();
    // Each login here uses the current code: the one before is forgotten (the replay test is above).
    const forgetLastCode = () =>
      t.database.db.update(adminAccounts).set({ lastTotpStep: null }).where(eq(adminAccounts.email, a.email));
    const open = async (): Promise<string> => {
      await forgetLastCode();
      return (await login({ email: a.email, password: a.password, totp: await codeIn(a.secret, 0) })).json().data.token;
    };
    const first = await open();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/logout',
      headers: { ...brandHeaders(BRAND), authorization: `Bearer ${first}` },
    });
    expect(out.json().data).toEqual({ done: true });
    expect((await me(first)).json().code).toBe('NOT_LOGIN_USER');

    const idle = await open();
    await t.database.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - ADMIN_SESSION_IDLE_MS - 1000) })
      .where(sql`${adminSessions.revokedAt} is null`);
    expect((await me(idle)).json().code).toBe('NOT_LOGIN_USER');

    const live = await open();
    expect((await me(live)).statusCode).toBe(200);
    expect(await cli('disable', '--email', a.email)).toMatchObject({
      exit: 0,
      out: expect.stringContaining('DISABLED'),
    });
    expect((await me(live)).json().code).toBe('NOT_LOGIN_USER');
    await forgetLastCode();
    const again = await login({ email: a.email, password: a.password, totp: await codeIn(a.secret, 0) });
    expect(again.json().code).toBe('INCORRECT_PASSWORD');
    expect(await cli('enable', '--email', a.email)).toMatchObject({ exit: 0 });
    expect(await open()).toMatch(/^adm\./);
  });
});

describe('admins', () => {
  it('are created by the CLI with a generated password and TOTP secret, shown once and stored only sealed', async () => {
    const a = await newAdmin(['FINANCE']);
    expect(a.password.length).toBeGreaterThanOrEqual(20);
    const [row] = await t.database.db.select().from(adminAccounts).where(eq(adminAccounts.email, a.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.totpSecret).not.toContain(a.secret);
    expect((await cli('create', '--email', a.email, '--name', 'Twice', '--role', 'SUPPORT')).err).toContain(
      'ALREADY_USED_EMAIL',
    );
    expect((await cli('create', '--email', 'x@example.com', '--name', 'X', '--role', 'KING')).exit).toBe(1);
    expect((await cli('list')).out).toContain(a.email);
  });

  it('keep at least one active OWNER', async () => {
    const owner = await newAdmin(['OWNER']);
    const others = await t.database.db.select().from(adminAccounts);
    for (const o of others) {
      if (o.email !== owner.email && o.roles.includes('OWNER')) await cli('disable', '--email', o.email);
    }
    const res = await cli('disable', '--email', owner.email);
    expect(res).toMatchObject({ exit: 1, err: expect.stringContaining('last active OWNER') });
  });

  it('are created by an OWNER in the console, audited, and never by another role', async () => {
    const owner = await newAdmin(['OWNER']);
    const token = (
      await login({ email: owner.email, password: owner.password, totp: await codeIn(owner.secret, 0) })
    ).json().data.token;
    const headers = { ...brandHeaders(BRAND), authorization: `Bearer ${token}` };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/accounts',
      headers,
      payload: {
        email: 'new.editor@example.com',
        name: 'Editor',
        roles: ['CONTENT'],
        brandIds: ['delitoon-fr', 'nope'],
      },
    });
    expect([made.statusCode, made.json().code]).toEqual([400, 'INVALID_PARAMETER']);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/accounts',
      headers,
      payload: { email: 'new.editor@example.com', name: 'Editor', roles: ['CONTENT'], brandIds: ['delitoon-fr'] },
    });
    expect(ok.json().data).toMatchObject({
      account: { roles: ['CONTENT'], brandIds: ['delitoon-fr'] },
      totpUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?action=ADMIN_CREATE&q=new.editor',
      headers,
    });
    expect(log.json().data.items[0]).toMatchObject({
      adminEmail: owner.email,
      targetType: 'admin',
      after: { email: 'new.editor@example.com' },
    });
  });
});

describe('the first start', () => {
  it('creates an OWNER once, its credentials in a file only its owner can read', async () => {
    const fresh = await createTestApp();
    try {
      const ctx = systemContext(fresh.database.db, fresh.app.services, BRANDS[DEFAULT_BRAND_ID], fresh.app.log);
      const file = await createFirstOwner(ctx, fresh.app.services.totp, fresh.config.dataDir);
      expect(file).toBe(join(fresh.config.dataDir, FIRST_OWNER_FILE));
      expect((await stat(file as string)).mode & 0o777).toBe(0o600);
      const text = await readFile(file as string, 'utf8');
      const email = /e-mail: (\S+)/.exec(text)?.[1] ?? '';
      const password = /password: (\S+)/.exec(text)?.[1] ?? '';
      const secret = /TOTP secret: (\S+)/.exec(text)?.[1] ?? '';
      expect(password).not.toBe('');
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        headers: brandHeaders(BRAND),
        payload: { email, password, totp: await codeAt(secret, new Date()) },
      });
      expect(res.json().data.admin.roles).toEqual(['OWNER']);
      expect(await createFirstOwner(ctx, fresh.app.services.totp, fresh.config.dataDir)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('the audit log', () => {
  it('cannot be edited or erased, not even by the database role the API uses', async () => {
    const [row] = await t.database.db.select().from(adminAudit).limit(1);
    if (!row) throw new Error('the tests above wrote audit rows');
    await expect(
      t.database.db.update(adminAudit).set({ action: 'NOTHING' }).where(eq(adminAudit.id, row.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(adminAudit).where(eq(adminAudit.id, row.id))).rejects.toThrow();
    const [still] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.id, row.id));
    expect(still?.action).toBe(row.action);
  });

  it('offers no route that changes it, and each admin route documents its roles', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-admin-roles'?: string[] }>> };
    const auditPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/admin/audit'));
    expect(auditPaths.flatMap(([, item]) => Object.keys(item))).toEqual(['get']);
    expect(doc.paths['/api/v1/admin/audit']?.get?.['x-admin-roles']).toEqual(['OWNER']);
  });
});
