import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { openTestDatabase } from './support/databases.js';

// Each test file builds its own app on its own database (support/databases.ts).

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Mail delivered to `to`, oldest first, as raw RFC 822 text. */
  mailTo(to: string): Promise<string[]>;
  /** Texts delivered to the phone number `to`, oldest first (the message only). */
  smsTo(to: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mediaDir = await mkdtemp(join(tmpdir(), 'balcony-media-'));
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: mediaDir,
    databaseDir: 'memory://',
    mediaDir,
    webOrigins: ['http://localhost:3000'],
    // No web replica listens in API tests; test/admin-home.test.ts gives one of its own.
    webPageDropUrls: [],
    logLevel: 'silent',
    seedOnStart: false,
    auth: { secret: randomBytes(32), accessTtlSeconds: 900, refreshTtlSeconds: 30 * 24 * 3600 },
    mail: { smtpUrl: undefined, from: 'Test <test@balcony.localhost>', outboxDir: join(mediaDir, 'outbox') },
    // Every request of a test comes from one address; the limit itself is tested with a low value.
    sensitiveRateLimit: 10_000,
    accountRateLimit: 10_000,
    trustProxy: false,
    relaySecret: randomBytes(32),
    redisUrl: undefined,
    // Tests write catalog rows straight to the database, behind the cache's back; the cache has
    // its own tests (catalog-cache.test.ts), which turn it on.
    catalogCache: { ttlSeconds: 0, maxBytes: 1024 * 1024 },
    // On, as in production: every account change a test makes goes through the users module.
    accountCacheMs: 2000,
    // Tests run the jobs themselves, at the moment they choose.
    jobsIntervalSeconds: 0,
    poolMax: 10,
    // No /metrics route unless a test gives a token (test/operations.test.ts).
    metricsToken: undefined,
    // Tests never shed load: a slow CI machine must not turn answers into 503s.
    loadShedEventLoopDelayMs: 0,
    // Images in the temporary folder; test/media-s3.test.ts runs the same on an S3 server.
    s3: undefined,
    // The sandbox carrier identity provider, as in the embedded default (test/korea.test.ts).
    identity: { sandbox: true },
    payments: { sandbox: true, stripe: undefined },
    countryHeader: 'cf-ipcountry',
    sms: { outboxDir: join(mediaDir, 'sms-outbox') },
    // No social provider unless a test configures one (test/social.test.ts runs a mock OIDC server).
    social: {},
    // Tests push through a fake sender (test/notifications.test.ts); the keys only need a shape.
    // The tests' browsers subscribe at push.example.com.
    pushServiceHosts: ['push.example.com'],
    webPush: { publicKey: 'test-public-key', privateKey: 'test-private-key', subject: 'mailto:test@balcony.localhost' },
    appPush: {},
    // No conversion endpoint unless a test runs a stand-in (test/tracking.test.ts).
    tracking: { facebook: undefined, perMinute: 10_000 },
    ...overrides,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async mailTo(to) {
      const files = (await readdir(config.mail.outboxDir).catch(() => [] as string[])).sort(byTimeThenSequence);
      const mails = await Promise.all(files.map((f) => readFile(join(config.mail.outboxDir, f), 'utf8')));
      return mails.filter((m) => m.includes(`To: ${to}`));
    },
    async smsTo(to) {
      const files = (await readdir(config.sms.outboxDir).catch(() => [] as string[])).sort(byTimeThenSequence);
      const texts = await Promise.all(files.map((f) => readFile(join(config.sms.outboxDir, f), 'utf8')));
      const header = `To: ${to}\n\n`;
      return texts.filter((m) => m.startsWith(header)).map((m) => m.slice(header.length).trimEnd());
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The headers spec §7 requires, for a brand. */
export function brandHeaders(brandId = 'delitoonb-fr', platform = 'WEB'): Record<string, string> {
  return { 'x-balcony-id': brandId, 'x-balcony-timeZone': 'Europe/Paris', 'x-platform': platform };
}

/** Outbox files are named `{ms}-{sequence}-{to}.eml` (mail) or `.txt` (SMS). */
function byTimeThenSequence(a: string, b: string): number {
  const [ta = 0, sa = 0] = a.split('-').map(Number);
  const [tb = 0, sb = 0] = b.split('-').map(Number);
  return ta - tb || sa - sb;
}

/** The text of a raw mail with quoted-printable soft breaks and escapes undone. */
export function mailBody(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
    'latin1',
  )
    .toString('latin1')
    .replace(/(%[0-9A-F]{2})+/g, (seq) => decodeURIComponent(seq));
}
