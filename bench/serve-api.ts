// The system under test of `bench api`, in its own process so that the load generator does not
// share its event loop: the api on a seeded database (a fresh PGlite in a temp folder, or
// DATABASE_URL), with a member signed in, or (argv[2] = 'hello') a bare Fastify hello-world.
// It tells its parent where it listens over the IPC channel, then serves until killed.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema.js';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.js';
import { createTokenSigner } from '../apps/api/src/modules/auth/tokens.js';

export interface Served {
  url: string;
  database?: string;
  /** A bearer of an adult member with BL shown, for the member runs. */
  memberToken?: string;
}

async function serveHello(): Promise<Served> {
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  return { url: await bare.listen({ port: 0, host: '127.0.0.1' }) };
}

async function serveApi(): Promise<Served> {
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-'));
  // One process: its own secrets unless given (the api refuses to make them up on PostgreSQL).
  const secret = () => randomBytes(32).toString('base64url');
  const env = { AUTH_SECRET: secret(), WEB_RELAY_SECRET: secret(), ...process.env, DATA_DIR: dataDir };
  const config = { ...loadConfig(env), port: 0 };
  const database = await openDatabase(config);
  await database.migrate();
  await seedDemoCatalog(database.db, {});
  const [member] = await database.db
    .insert(users)
    .values({
      brandId: 'delitoonb-fr',
      email: `bench-${Date.now()}@example.com`,
      nickname: 'bench reader',
      status: 'ACTIVE',
      isAdult: true,
      showAdult: true,
      birthedAt: '1990-01-01',
    })
    .returning();
  if (!member) throw new Error('no bench member');
  const signer = createTokenSigner({ ...config.auth, accessTtlSeconds: 24 * 3600 });
  const { token } = await signer.signAccess({ userId: member.id, brandId: member.brandId }, new Date());
  const app = await buildApp({ config, database });
  return { url: await app.listen({ port: 0, host: '127.0.0.1' }), database: database.kind, memberToken: token };
}

const served = process.argv[2] === 'hello' ? await serveHello() : await serveApi();
process.send?.(served);
// Killed politely, it exits normally, so a `--cpu-prof` given in NODE_OPTIONS gets written.
process.once('SIGTERM', () => process.exit(0));
