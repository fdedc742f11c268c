import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// Every setting comes from the environment (README lists them); defaults give the embedded mode.

const Env = z.object({
  API_PORT: z.coerce.number().int().positive().default(4000),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  WEB_ORIGIN: z.string().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
});

export interface AppConfig {
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
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = Env.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    databaseDir: join(dataDir, 'db'),
    mediaDir: join(dataDir, 'media'),
    webOrigins: e.WEB_ORIGIN.split(',').map((s) => s.trim()),
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START === 'auto',
    auth: {
      secret: e.AUTH_SECRET ? new TextEncoder().encode(e.AUTH_SECRET) : localSecret(dataDir),
      accessTtlSeconds: e.ACCESS_TOKEN_TTL,
      refreshTtlSeconds: e.REFRESH_TOKEN_TTL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    sensitiveRateLimit: e.RATE_LIMIT_SENSITIVE,
  };
}

/** A random key kept in the data folder, so sessions survive restarts of a single embedded instance. */
function localSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
