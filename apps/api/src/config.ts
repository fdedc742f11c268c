import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { MaintenanceSettings } from './modules/maintenance/service.js';
import type { S3Settings } from './modules/media/s3-store.js';
import type { ApnsSettings, FcmSettings } from './modules/notifications/app-push-sender.js';
import { derivedVapidKeys, localVapidKeys, type VapidSettings } from './modules/notifications/push-sender.js';
import type { StripeSettings } from './modules/shop/stripe.js';
import type { TrackingSettings } from './modules/tracking/facebook.js';

// Every setting comes from the environment (README lists them); defaults give the embedded mode.

/** https, or http on a loopback address (tests, local staging against a mock provider). */
const ProviderUrl = z
  .string()
  .url()
  .refine((s) => {
    const url = new URL(s);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  }, 'must be https (http only on a loopback address)');

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A client id or secret; empty counts as absent. */
const Credential = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const Env = z.object({
  // 0: any free port (tests read the port from the log).
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  WEB_ORIGIN: z.string().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // One successful quick read in this many is logged; every other answer always is (decision 0304).
  LOG_READ_SAMPLE: z.coerce.number().int().min(1).default(10),
  SEED_ON_START: z.enum(['auto', 'never']).default('auto'),
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Balcony <no-reply@balcony.localhost>'),
  RATE_LIMIT_SENSITIVE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.string().trim().default(''),
  WEB_RELAY_SECRET: z.string().min(32).optional(),
  /**
   * Where the api tells the web which visitor pages to drop after a catalog change (decision
   * 0231): comma-separated base addresses, one per web replica; WEB_ORIGIN when unset.
   */
  WEB_PAGE_DROP_URLS: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  CATALOG_CACHE_TTL: z.coerce.number().int().min(0).default(60),
  CATALOG_CACHE_MB: z.coerce.number().int().positive().default(64),
  ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  PAYMENT_SANDBOX: z.enum(['on', 'off']).default('on'),
  // The Korean carrier identity check's sandbox provider (decision 0270): off in production.
  IDENTITY_SANDBOX: z.enum(['on', 'off']).default('on'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_WEBHOOK_TOLERANCE: z.coerce.number().int().min(1).max(3600).default(300),
  STRIPE_API_URL: z.string().url().optional(),
  // Media on S3-compatible storage (decision 0222): with S3_BUCKET set, every image lives there.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: Credential,
  S3_SECRET_ACCESS_KEY: Credential,
  // Web Push (decision 0209): both keys, or neither (then generated once in DATA_DIR).
  VAPID_PUBLIC_KEY: Credential,
  VAPID_PRIVATE_KEY: Credential,
  // Host names (and their subdomains) of the push services browsers subscribe with (decision 0224).
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .optional(),
  // The native apps' pushes (decision 0286): FCM for Android, APNs for iOS; absent, no app push.
  FCM_PROJECT_ID: Credential,
  // The service account's JSON, or the path of its file.
  FCM_SERVICE_ACCOUNT: Credential,
  FCM_TOKEN_URL: ProviderUrl.default('https://oauth2.googleapis.com/token'),
  FCM_API_URL: ProviderUrl.default('https://fcm.googleapis.com'),
  // The .p8 key (PEM, or the path of its file), its id, the team and the iOS app's bundle id.
  APNS_KEY: Credential,
  APNS_KEY_ID: Credential,
  APNS_TEAM_ID: Credential,
  APNS_TOPIC: Credential,
  APNS_URL: ProviderUrl.default('https://api.push.apple.com'),
  // The account transfer's signing key (decision 0250); derived from AUTH_SECRET when absent.
  TRANSFER_SIGNING_SECRET: z.string().min(32).optional(),
  // Maintenance switched on by the environment (decision 0252): brand ids, or * for every brand.
  MAINTENANCE_BRANDS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  MAINTENANCE_ENDS_AT: z.iso.datetime({ offset: true }).optional(),
  MAINTENANCE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .default('cf-ipcountry'),
  // Social login: a provider without both client id and secret is not offered.
  GOOGLE_CLIENT_ID: Credential,
  GOOGLE_CLIENT_SECRET: Credential,
  GOOGLE_ISSUER: ProviderUrl.default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: Credential,
  FACEBOOK_CLIENT_SECRET: Credential,
  FACEBOOK_AUTHORIZATION_URL: ProviderUrl.default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: ProviderUrl.default('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: ProviderUrl.default('https://graph.facebook.com/v23.0/me'),
  TWITTER_CLIENT_ID: Credential,
  TWITTER_CLIENT_SECRET: Credential,
  TWITTER_AUTHORIZATION_URL: ProviderUrl.default('https://x.com/i/oauth2/authorize'),
  TWITTER_TOKEN_URL: ProviderUrl.default('https://api.x.com/2/oauth2/token'),
  TWITTER_USERINFO_URL: ProviderUrl.default('https://api.x.com/2/users/me'),
  // Facebook conversions (decision 0262): both, or neither (then nothing is sent).
  FACEBOOK_CONVERSION_URL: ProviderUrl.optional(),
  FACEBOOK_CONVERSION_TOKEN: Credential,
  // Client log lines and conversions a client address may send a minute (decision 0261).
  RATE_LIMIT_TRACKING: z.coerce.number().int().positive().default(120),
});

/** An OpenID Connect client: endpoints and keys come from the issuer's discovery document. */
export interface OidcClientConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** A plain OAuth 2.0 client with its provider's endpoints. */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** Configured social providers; one that is absent is not offered. */
export interface SocialConfig {
  google?: OidcClientConfig;
  facebook?: OAuthClientConfig;
  twitter?: OAuthClientConfig;
}

export interface AppConfig {
  /** DATA_DIR: the embedded database, media, outboxes, local secrets and the first admin's file. */
  dataDir: string;
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `databaseDir` is used. */
  databaseUrl: string | undefined;
  /** PGlite folder, or 'memory://' for a throw-away database (tests). */
  databaseDir: string;
  /** Originals and renditions of images. */
  mediaDir: string;
  /** Origins allowed by CORS (the web front end). */
  webOrigins: string[];
  /** Base addresses of the web replicas told which visitor pages to drop (decision 0231); WEB_ORIGIN when absent. */
  webPageDropUrls?: string[];
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Log one in this many successful quick reads (decision 0304); absent: every one. */
  logReadSample?: number;
  /** Seed the demo catalog when the database has no series. */
  seedOnStart: boolean;
  auth: {
    /** HS256 key of access tokens; generated once and kept in the data folder when not given. */
    secret: Uint8Array;
    accessTtlSeconds: number;
    refreshTtlSeconds: number;
  };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** Requests per client address per minute on each route that guesses a secret (login, codes, resets). */
  sensitiveRateLimit: number;
  /**
   * Requests per targeted account (e-mail, user id or phone) per 10 minutes on those routes, so a
   * flood spread over many addresses still stops at the account.
   */
  accountRateLimit: number;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`): false for none (default),
   * a hop count, or addresses and CIDRs (docs/decisions/0051-client-address.md).
   */
  trustProxy: false | number | string[];
  /** Key with which the web signs the reader's address it relays (`x-balcony-client-ip`). */
  relaySecret: Uint8Array;
  /** Redis for rate limits shared by every replica; in-process counters when absent. */
  redisUrl: string | undefined;
  /**
   * Shared catalog answers (DESIGN §10): kept at most `ttlSeconds` (0 turns the cache off) and
   * `maxBytes` of memory; a catalog change clears them at once.
   */
  catalogCache: { ttlSeconds: number; maxBytes: number };
  /** How long a member's account row is reused to authenticate their calls (0 reads it every time). */
  accountCacheMs: number;
  /** How often the background jobs (coin and rental expiries) run; 0 turns them off. */
  jobsIntervalSeconds: number;
  /** Connections of the PostgreSQL pool, per api process. */
  poolMax: number;
  /** Bearer token of GET /metrics; without it the route does not exist (decision 0216). */
  metricsToken: string | undefined;
  /**
   * Mean event-loop delay (ms, sampled each second) above which requests are shed with 503 and
   * Retry-After (decision 0215); 0 never sheds.
   */
  loadShedEventLoopDelayMs: number;
  /** The bucket holding every image when set; else the folders of `mediaDir` (decision 0222). */
  s3: S3Settings | undefined;
  /** Payment providers: the sandbox (on by default), Stripe when its keys are set (decision 0144). */
  payments: { sandbox: boolean; stripe: StripeSettings | undefined };
  /** The Korean carrier identity check: the sandbox provider, on by default (decision 0270). */
  identity: { sandbox: boolean };
  /** Request header in which the CDN in front of the api gives the client's country (GET /auth/ip-kr). */
  countryHeader: string;
  /** SMS without a gateway: texts are logged and written to `outboxDir`. */
  sms: { outboxDir: string };
  /** Social login providers with credentials (docs/decisions/0031-social-login.md). */
  social: SocialConfig;
  /** Push services a browser's subscription may point at (decision 0224). */
  pushServiceHosts: readonly string[];
  /** The VAPID identity of Web Push (decision 0209). */
  webPush: VapidSettings;
  /** The native apps' push services configured (decision 0286); none, no app push. */
  appPush: { fcm?: FcmSettings; apns?: ApnsSettings };
  /** Secret of the transfer files' Ed25519 key (decision 0250); AUTH_SECRET's when absent. */
  transferSigningSecret?: Uint8Array;
  /** Maintenance switched on by the environment, and how long replicas keep the switches read (decision 0252). */
  maintenance?: MaintenanceSettings;
  /** Where conversions go (decision 0262), and how many tracking calls an address may make a minute. */
  tracking: TrackingSettings;
}

/** A setting that stops the start, with a message for the operator (server.ts prints it alone). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const SHARED_SECRET_REASON =
  'every replica on this database must use the same value (at least 32 characters), so it is not generated per replica';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = Env.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  if (e.DATABASE_URL) {
    // Replicas share a database; a secret generated per replica would make each refuse the
    // others' tokens and relayed addresses (decision 0217).
    for (const name of ['AUTH_SECRET', 'WEB_RELAY_SECRET'] as const) {
      if (!e[name]) throw new ConfigError(`${name} must be set when DATABASE_URL is: ${SHARED_SECRET_REASON}`);
    }
  }
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    databaseDir: join(dataDir, 'db'),
    mediaDir: join(dataDir, 'media'),
    webOrigins: e.WEB_ORIGIN.split(',').map((s) => s.trim()),
    webPageDropUrls: e.WEB_PAGE_DROP_URLS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    logReadSample: e.LOG_READ_SAMPLE,
    seedOnStart: e.SEED_ON_START === 'auto',
    auth: {
      secret: e.AUTH_SECRET ? new TextEncoder().encode(e.AUTH_SECRET) : localSecret(dataDir, 'auth-secret'),
      accessTtlSeconds: e.ACCESS_TOKEN_TTL,
      refreshTtlSeconds: e.REFRESH_TOKEN_TTL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    sensitiveRateLimit: e.RATE_LIMIT_SENSITIVE,
    accountRateLimit: e.RATE_LIMIT_ACCOUNT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    relaySecret: e.WEB_RELAY_SECRET
      ? new TextEncoder().encode(e.WEB_RELAY_SECRET)
      : localSecret(dataDir, 'relay-secret'),
    redisUrl: e.REDIS_URL,
    catalogCache: { ttlSeconds: e.CATALOG_CACHE_TTL, maxBytes: e.CATALOG_CACHE_MB * 1024 * 1024 },
    accountCacheMs: e.ACCOUNT_CACHE_MS,
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    poolMax: e.DATABASE_POOL_MAX,
    metricsToken: e.METRICS_TOKEN,
    loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    identity: { sandbox: e.IDENTITY_SANDBOX === 'on' },
    payments: {
      sandbox: e.PAYMENT_SANDBOX === 'on',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              webhookToleranceSeconds: e.STRIPE_WEBHOOK_TOLERANCE,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
    },
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    sms: { outboxDir: join(dataDir, 'sms-outbox') },
    social: socialConfig(e),
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    webPush: vapidSettings(e, dataDir),
    appPush: appPushSettings(e),
    ...(e.TRANSFER_SIGNING_SECRET && { transferSigningSecret: new TextEncoder().encode(e.TRANSFER_SIGNING_SECRET) }),
    maintenance: {
      brands: e.MAINTENANCE_BRANDS,
      endsAt: e.MAINTENANCE_ENDS_AT ? new Date(e.MAINTENANCE_ENDS_AT) : null,
      cacheMs: e.MAINTENANCE_CACHE_MS,
    },
    tracking: trackingSettings(e),
  };
}

function trackingSettings(e: z.infer<typeof Env>): TrackingSettings {
  if (Boolean(e.FACEBOOK_CONVERSION_URL) !== Boolean(e.FACEBOOK_CONVERSION_TOKEN)) {
    throw new ConfigError('FACEBOOK_CONVERSION_URL and FACEBOOK_CONVERSION_TOKEN go together');
  }
  return {
    facebook:
      e.FACEBOOK_CONVERSION_URL && e.FACEBOOK_CONVERSION_TOKEN
        ? { url: e.FACEBOOK_CONVERSION_URL, token: e.FACEBOOK_CONVERSION_TOKEN }
        : undefined,
    perMinute: e.RATE_LIMIT_TRACKING,
  };
}

/** A value given inline, or the path of a file holding it (a key or a service account's JSON). */
function inlineOrFile(value: string, inline: (v: string) => boolean): string {
  return inline(value) ? value : readFileSync(value, 'utf8');
}

function appPushSettings(e: z.infer<typeof Env>): AppConfig['appPush'] {
  const settings: AppConfig['appPush'] = {};
  if (Boolean(e.FCM_PROJECT_ID) !== Boolean(e.FCM_SERVICE_ACCOUNT)) {
    throw new ConfigError('FCM_PROJECT_ID and FCM_SERVICE_ACCOUNT go together');
  }
  if (e.FCM_PROJECT_ID && e.FCM_SERVICE_ACCOUNT) {
    const account = z
      .object({ client_email: z.string().min(1), private_key: z.string().includes('PRIVATE KEY') })
      .safeParse(JSON.parse(inlineOrFile(e.FCM_SERVICE_ACCOUNT, (v) => v.startsWith('{'))));
    if (!account.success) throw new ConfigError('FCM_SERVICE_ACCOUNT needs client_email and private_key');
    settings.fcm = {
      projectId: e.FCM_PROJECT_ID,
      clientEmail: account.data.client_email,
      privateKey: account.data.private_key,
      tokenUrl: e.FCM_TOKEN_URL,
      apiUrl: e.FCM_API_URL.replace(/\/$/, ''),
    };
  }
  const apns = [e.APNS_KEY, e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_TOPIC];
  if (apns.some(Boolean) && !apns.every(Boolean)) {
    throw new ConfigError('APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC go together');
  }
  if (e.APNS_KEY && e.APNS_KEY_ID && e.APNS_TEAM_ID && e.APNS_TOPIC) {
    settings.apns = {
      key: inlineOrFile(e.APNS_KEY, (v) => v.includes('PRIVATE KEY')),
      keyId: e.APNS_KEY_ID,
      teamId: e.APNS_TEAM_ID,
      topic: e.APNS_TOPIC,
      url: e.APNS_URL,
    };
  }
  return settings;
}

/** VAPID keys from the environment, else the data folder's; the contact defaults to MAIL_FROM's address. */
function vapidSettings(e: z.infer<typeof Env>, dataDir: string): VapidSettings {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  // Replicas (DATABASE_URL, so AUTH_SECRET is set and shared) derive the same keys; a single
  // embedded instance keeps generated ones in its data folder (decisions 0209, 0223).
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : e.DATABASE_URL && e.AUTH_SECRET
        ? derivedVapidKeys(new TextEncoder().encode(e.AUTH_SECRET))
        : localVapidKeys(dataDir);
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return { ...keys, subject: e.VAPID_SUBJECT ?? `mailto:${address.trim()}` };
}

function socialConfig(e: z.infer<typeof Env>): SocialConfig {
  const client = (id: string | undefined, secret: string | undefined) =>
    id && secret ? { clientId: id, clientSecret: secret } : undefined;
  const google = client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const facebook = client(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET);
  const twitter = client(e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET);
  return {
    ...(google && { google: { ...google, issuer: e.GOOGLE_ISSUER } }),
    ...(facebook && {
      facebook: {
        ...facebook,
        authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
        tokenUrl: e.FACEBOOK_TOKEN_URL,
        userinfoUrl: e.FACEBOOK_USERINFO_URL,
      },
    }),
    ...(twitter && {
      twitter: {
        ...twitter,
        authorizationUrl: e.TWITTER_AUTHORIZATION_URL,
        tokenUrl: e.TWITTER_TOKEN_URL,
        userinfoUrl: e.TWITTER_USERINFO_URL,
      },
    }),
  };
}

/**
 * TRUST_PROXY: empty for no proxy, a number of hops, or comma-separated addresses, CIDRs and
 * proxy-addr names (`loopback`, `linklocal`, `uniquelocal`). `true` (trust anyone) is refused:
 * it lets every client choose its own address.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  if (value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === '*')
    throw new Error('TRUST_PROXY must name the proxies (hops or CIDRs), not trust everyone');
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A random key kept in the data folder, so sessions survive restarts of a single embedded
 * instance. The web reads the same `relay-secret` file (whichever process starts first writes it).
 */
function localSecret(dataDir: string, name: string): Uint8Array {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
