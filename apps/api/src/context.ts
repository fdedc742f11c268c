import type { AdminRole, BrandConfig, ClientPlatform } from '@balcony/contracts';
import type { BaseLogger } from 'pino';
import type { Db } from './db/client.js';
import type { BusinessMetrics } from './metrics.js';
import type { TotpKeys } from './modules/admin/totp.js';
import type { SocialProviders } from './modules/auth/social/providers.js';
import type { TokenSigner } from './modules/auth/tokens.js';
import type { IdentityProvider } from './modules/identity/provider.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { MaintenanceSwitchboard } from './modules/maintenance/service.js';
import type { PageUrlSigner } from './modules/media/signing.js';
import type { PaymentProviders } from './modules/shop/providers.js';
import type { SmsSender } from './modules/sms/sender.js';
import type { TransferSigner } from './modules/transfer/signing.js';
import type { AccountCache } from './modules/users/account-cache.js';
import type { UserRow } from './modules/users/repo.js';
import type { SharedCache } from './shared-cache.js';

// What every service receives besides its input (DESIGN §2): built once per request by a hook in
// app.ts, bound to a transaction by `withTransaction`. Services never see Fastify types.

/** The app's long-lived collaborators, built once at start. */
export interface Services {
  tokens: TokenSigner;
  mailer: Mailer;
  sms: SmsSender;
  /** The Korean carrier identity service (decision 0270); null when none is configured. */
  identity: IdentityProvider | null;
  providers: SocialProviders;
  signer: PageUrlSigner;
  /** Answers every caller of an audience shares (catalog reads, DESIGN §10). */
  cache: SharedCache;
  /** Account rows that authenticate members' calls, kept a moment. */
  accounts: AccountCache;
  /** The payment providers offered, by method (the sandbox unless configured otherwise). */
  payments: PaymentProviders;
  /** Origins of the web; the first is the public address used in mail links. */
  webOrigins: readonly string[];
  /** Counters of purchases and payments, bumped after commit (decision 0216). */
  metrics: BusinessMetrics;
  /** Seals admins' TOTP secrets (decision 0228). */
  totp: TotpKeys;
  /** Signs account transfer files (decision 0250). */
  transferSigner: TransferSigner;
  /** The maintenance switches, read through a short cache (decision 0252). */
  maintenance: MaintenanceSwitchboard;
}

export interface ServiceContext {
  /** The database, or the transaction `withTransaction` opened. */
  db: Db;
  brand: BrandConfig;
  platform: ClientPlatform;
  /** The caller's own zone (x-balcony-timeZone); brand rules use `brand.timeZone`. */
  timeZone: string;
  /** The Japanese visitor's adult-popup answer (spec §4), relayed by the web from its cookie. */
  notLoggedInAdult: string | undefined;
  /** The caller: the member when a valid bearer came, else null (a visitor). */
  user: UserRow | null;
  /** When the member logged in (the access token's auth time); null for a visitor. */
  authTime: Date | null;
  /** The caller's address as the api trusts it (the web's signed relay, or socket and trusted proxies). */
  clientIp: string;
  /** The caller's country (ISO alpha-2) as the web relayed it or the CDN said; undefined if unknown. */
  clientCountry: string | undefined;
  now: Date;
  log: Pick<BaseLogger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
  services: Services;
  /** Set inside `withTransaction`, so a nested call joins instead of opening another. */
  readonly inTransaction: boolean;
}

/** A context whose caller is a signed-in member (routes declared `auth: 'member'`). */
export type MemberContext = ServiceContext & { user: UserRow; authTime: Date };

/** A console admin, as an admin session names them (decision 0227). */
export interface AdminPrincipal {
  id: number;
  email: string;
  name: string;
  roles: AdminRole[];
  /** Brands the admin may act in; empty means every brand. */
  brandIds: string[];
}

/** A context whose caller is a console admin acting in `brand` (routes declared `{ admin: [...] }`). */
export type AdminContext = ServiceContext & { admin: AdminPrincipal };

/**
 * Runs `fn` with `ctx` bound to one transaction: opens it, or joins the one `ctx` already holds,
 * so a purchase, its ledger entries and its ownership commit or roll back together. A throw rolls
 * back everything done through the bound context.
 */
export async function withTransaction<C extends ServiceContext, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  return ctx.db.transaction((db) => fn({ ...ctx, db, inTransaction: true }));
}

/**
 * Runs independent reads at once on the pool, or one after the other inside a transaction: its
 * one connection takes one query at a time (node-postgres deprecates overlapping them).
 */
export async function readAll<T extends readonly unknown[]>(
  ctx: Pick<ServiceContext, 'inTransaction'>,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!ctx.inTransaction) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** A context for work no request started (a provider's webhook, a job): no caller, the brand given. */
export function systemContext(
  db: Db,
  services: Services,
  brand: BrandConfig,
  log: ServiceContext['log'],
): ServiceContext {
  return {
    db,
    brand,
    platform: 'WEB',
    timeZone: brand.timeZone,
    notLoggedInAdult: undefined,
    user: null,
    authTime: null,
    clientIp: '',
    clientCountry: undefined,
    now: new Date(),
    log,
    services,
    inTransaction: false,
  };
}
