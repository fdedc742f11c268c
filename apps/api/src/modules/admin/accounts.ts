import { createHash, randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ADMIN_SESSION_IDLE_MS,
  ADMIN_SESSION_MAX_MS,
  type AdminAccount,
  type AdminAccountInput,
  type AdminCredentials,
  type AdminLoginRequest,
  type AdminRole,
  type AdminSession,
  AppError,
  adminMay,
  getBrand,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
} from '@balcony/contracts';
import type { AdminContext, AdminPrincipal, ServiceContext } from '../../context.js';
import { withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import * as repo from './accounts-repo.js';
import { insertAudit } from './repo.js';
import { acceptedStep, newTotpSecret, openSecret, sealSecret, type TotpKeys, totpUri } from './totp.js';

// Console admins (issue 15 item 2, decisions 0227–0229): accounts with roles, a login that needs
// the password and a TOTP code, short sessions apart from readers', and the first OWNER.

/** A session's last-seen time is written at most this often (a write per call would be waste). */
const TOUCH_EVERY_MS = 60_000;
/** Compared against when no account matches, so a wrong e-mail costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function principalOf(row: repo.AdminAccountRow): AdminPrincipal {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as AdminRole[],
    brandIds: row.brandIds,
  };
}

export function accountOf(row: repo.AdminAccountRow): AdminAccount {
  return {
    ...principalOf(row),
    status: row.status,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function unknownBrands(brandIds: readonly string[]): string[] {
  return brandIds.filter((id) => !getBrand(id));
}

/** A password a person types once and then changes: 24 characters from 18 random bytes. */
const newPassword = () => randomBytes(18).toString('base64url');

/**
 * Creates an admin with a generated password and TOTP secret, returned once. `actor` is the
 * OWNER who creates it, or null at the CLI and the first start (recorded as the account itself).
 */
export async function createAccount(
  ctx: ServiceContext,
  keys: TotpKeys,
  input: AdminAccountInput,
  actor: AdminPrincipal | null,
  via: 'console' | 'cli' | 'first-start',
): Promise<AdminCredentials> {
  const unknown = unknownBrands(input.brandIds);
  if (unknown.length > 0) throw new AppError('INVALID_PARAMETER', { field: 'brandIds', unknown });
  const password = newPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  return withTransaction(ctx, async (tx) => {
    if (await repo.findByEmail(tx.db, input.email)) throw new AppError('ALREADY_USED_EMAIL');
    const row = await repo.insertAccount(tx.db, {
      email: input.email,
      name: input.name,
      passwordHash,
      totpSecret: sealSecret(keys, totpSecret),
      roles: [...new Set(input.roles)],
      brandIds: [...new Set(input.brandIds)],
    });
    const account = accountOf(row);
    await insertAudit(tx.db, {
      adminId: actor?.id ?? row.id,
      action: 'ADMIN_CREATE',
      brandId: null,
      targetType: 'admin',
      targetId: String(row.id),
      after: { email: account.email, name: account.name, roles: account.roles, brandIds: account.brandIds },
      details: { via },
      ip: ctx.clientIp || null,
    });
    return { account, password, totpSecret, totpUri: totpUri(row.email, totpSecret) };
  });
}

/** Enables or disables an admin; disabling ends their sessions. The last active OWNER stays. */
export async function setStatus(
  ctx: ServiceContext,
  id: number,
  status: 'ACTIVE' | 'DISABLED',
  actor: AdminPrincipal | null,
): Promise<AdminAccount> {
  return withTransaction(ctx, async (tx) => {
    const before = await repo.lockById(tx.db, id);
    if (!before) throw new AppError('NOT_FOUND_USER');
    if (status === 'DISABLED' && before.roles.includes('OWNER')) {
      if ((await repo.countOtherActiveOwners(tx.db, id)) === 0) {
        throw new AppError('INVALID_PARAMETER', {
          field: 'status',
          reason: 'the last active OWNER cannot be disabled',
        });
      }
    }
    const after = await repo.updateAccount(tx.db, id, { status, ...(status === 'ACTIVE' && { failedLogins: 0 }) });
    if (status === 'DISABLED') await repo.revokeSessionsOf(tx.db, id, tx.now);
    await insertAudit(tx.db, {
      adminId: actor?.id ?? id,
      action: status === 'DISABLED' ? 'ADMIN_DISABLE' : 'ADMIN_ENABLE',
      brandId: null,
      targetType: 'admin',
      targetId: String(id),
      before: { status: before.status },
      after: { status: after.status },
      details: { via: actor ? 'console' : 'cli' },
      ip: ctx.clientIp || null,
    });
    return accountOf(after);
  });
}

export async function listAccounts(ctx: ServiceContext): Promise<AdminAccount[]> {
  return (await repo.listAccounts(ctx.db)).map(accountOf);
}

export async function findByEmail(ctx: ServiceContext, email: string): Promise<AdminAccount | null> {
  const row = await repo.findByEmail(ctx.db, email);
  return row && accountOf(row);
}

type LoginOutcome =
  | { kind: 'ok'; session: AdminSession }
  | { kind: 'refused'; code: 'INCORRECT_PASSWORD' | 'EXCEED_AUTH_COUNT' };

/**
 * A console login: the password and a TOTP code not used before, else INCORRECT_PASSWORD (the
 * answer never says which factor failed, nor whether the e-mail is an admin's). After
 * LOGIN_MAX_FAILURES the account is locked for an hour (EXCEED_AUTH_COUNT), as readers' are.
 */
export async function login(ctx: ServiceContext, keys: TotpKeys, input: AdminLoginRequest): Promise<AdminSession> {
  const found = await repo.findByEmail(ctx.db, input.email);
  if (!found) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(await dummyHash, input.password);
    throw new AppError('INCORRECT_PASSWORD');
  }
  const passwordOk = await verifyPassword(found.passwordHash, input.password);
  const outcome = await withTransaction(ctx, async (tx): Promise<LoginOutcome> => {
    const account = await repo.lockById(tx.db, found.id);
    if (!account) return { kind: 'refused', code: 'INCORRECT_PASSWORD' };
    if (account.lockedUntil && account.lockedUntil > tx.now) return { kind: 'refused', code: 'EXCEED_AUTH_COUNT' };
    const step =
      passwordOk && account.status === 'ACTIVE'
        ? await acceptedStep(openSecret(keys, account.totpSecret), input.totp, tx.now, account.lastTotpStep)
        : null;
    if (step === null) {
      const failures = account.failedLogins + 1;
      const locks = failures >= LOGIN_MAX_FAILURES;
      await repo.updateAccount(tx.db, account.id, {
        failedLogins: locks ? 0 : failures,
        lockedUntil: locks ? new Date(tx.now.getTime() + LOGIN_LOCK_MS) : account.lockedUntil,
      });
      if (locks) {
        await insertAudit(tx.db, {
          adminId: account.id,
          action: 'ADMIN_LOCKED',
          brandId: null,
          targetType: 'admin',
          targetId: String(account.id),
          details: { failures },
          ip: ctx.clientIp || null,
        });
      }
      return { kind: 'refused', code: locks ? 'EXCEED_AUTH_COUNT' : 'INCORRECT_PASSWORD' };
    }
    await repo.updateAccount(tx.db, account.id, {
      failedLogins: 0,
      lockedUntil: null,
      lastTotpStep: step,
      lastLoginAt: tx.now,
    });
    const token = `adm.${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(tx.now.getTime() + ADMIN_SESSION_MAX_MS);
    await repo.insertSession(tx.db, {
      adminId: account.id,
      tokenHash: hashToken(token),
      ip: ctx.clientIp || null,
      createdAt: tx.now,
      lastSeenAt: tx.now,
      expiresAt,
    });
    await insertAudit(tx.db, {
      adminId: account.id,
      action: 'ADMIN_LOGIN',
      brandId: null,
      targetType: 'admin',
      targetId: String(account.id),
      details: {},
      ip: ctx.clientIp || null,
    });
    return {
      kind: 'ok',
      session: {
        token,
        expiresAt: expiresAt.toISOString(),
        idleMinutes: ADMIN_SESSION_IDLE_MS / 60_000,
        admin: principalOf(account),
      },
    };
  });
  if (outcome.kind === 'refused') throw new AppError(outcome.code);
  return outcome.session;
}

/**
 * The admin an admin-session token names, or null: unknown, revoked, older than
 * ADMIN_SESSION_MAX_MS, idle for ADMIN_SESSION_IDLE_MS, or its account disabled.
 */
export async function authenticate(db: Db, token: string, now: Date): Promise<AdminPrincipal | null> {
  if (!token.startsWith('adm.')) return null;
  const found = await repo.liveSession(db, hashToken(token), now);
  if (found?.account.status !== 'ACTIVE') return null;
  const idleFor = now.getTime() - found.session.lastSeenAt.getTime();
  if (idleFor > ADMIN_SESSION_IDLE_MS) return null;
  if (idleFor > TOUCH_EVERY_MS) await repo.touchSession(db, found.session.id, now);
  return principalOf(found.account);
}

export async function logout(ctx: AdminContext, token: string): Promise<void> {
  await repo.revokeSession(ctx.db, hashToken(token), ctx.now);
}

/** The file the first start writes the first OWNER's credentials to, readable by its owner only. */
export const FIRST_OWNER_FILE = 'admin-owner.txt';

/**
 * On a database without any admin, creates an OWNER with a generated password and TOTP secret
 * and writes them to DATA_DIR/admin-owner.txt (mode 0600). Answers the file's path, or null when
 * admins exist already. There is never a fixed default password (decision 0229).
 */
export async function createFirstOwner(ctx: ServiceContext, keys: TotpKeys, dataDir: string): Promise<string | null> {
  if ((await repo.countAccounts(ctx.db)) > 0) return null;
  const created = await createAccount(
    ctx,
    keys,
    { email: 'owner@admin.localhost', name: 'Owner', roles: ['OWNER'], brandIds: [] },
    null,
    'first-start',
  );
  const path = join(dataDir, FIRST_OWNER_FILE);
  const text = [
    'The first admin of this service (OWNER). Log in to the admin console with:',
    `e-mail: ${created.account.email}`,
    `password: ${created.password}`,
    `TOTP secret: ${created.totpSecret}`,
    `TOTP URI (add it to an authenticator app): ${created.totpUri}`,
    'Then create named admins and disable this one, or keep this file where nobody else can read it.',
    '',
  ].join('\n');
  await writeFile(path, text, { mode: 0o600, flag: 'w' });
  await chmod(path, 0o600);
  return path;
}

/**
 * The CLI's acting admin: the active console admin of `email`, holding one of `roles` and allowed
 * in `ctx.brand`, as the context of their action; FORBIDDEN otherwise.
 */
export async function actingAdmin(
  ctx: ServiceContext,
  email: string,
  roles: readonly AdminRole[],
): Promise<AdminContext> {
  const row = await repo.findByEmail(ctx.db, email.trim().toLowerCase());
  const admin = row && row.status === 'ACTIVE' ? principalOf(row) : null;
  if (!admin) throw new AppError('FORBIDDEN', `no active admin ${email} (--admin)`);
  const inBrand = admin.brandIds.length === 0 || admin.brandIds.includes(ctx.brand.id);
  if (!inBrand || !adminMay(admin.roles, roles)) {
    throw new AppError('FORBIDDEN', `${email} may not do this in ${ctx.brand.id}`);
  }
  return { ...ctx, admin };
}
