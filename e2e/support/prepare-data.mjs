// Runs before the system starts (playwright.config.ts): migrates the fresh embedded database of
// the run and makes the admin of the default brand that journeys log in as to send gifts (the
// api has no way to make the first admin over HTTP; operators use `npm run admin:coins --
// --grant-admin`, which needs the api stopped). Uses the built api (`npm run build` first).
import { join } from 'node:path';
import { openDatabase } from '../../apps/api/dist/db/client.js';
import { users } from '../../apps/api/dist/db/schema.js';
import { hashPassword } from '../../apps/api/dist/modules/auth/passwords.js';

const dataDir = process.env.DATA_DIR;
const email = process.env.BALCONY_E2E_ADMIN_EMAIL;
const password = process.env.BALCONY_E2E_ADMIN_PASSWORD;
if (!dataDir || !email || !password) {
  console.error('prepare-data: DATA_DIR, BALCONY_E2E_ADMIN_EMAIL and BALCONY_E2E_ADMIN_PASSWORD are required');
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: undefined, databaseDir: join(dataDir, 'db') });
try {
  await database.migrate();
  const now = new Date();
  await database.db
    .insert(users)
    .values({
      brandId: 'delitoonb-fr',
      email,
      nickname: 'e2e-admin',
      passwordHash: await hashPassword(password),
      status: 'ACTIVE',
      role: 'ADMIN',
      emailVerifiedAt: now,
      signedUpAt: now,
    })
    .onConflictDoNothing();
} finally {
  await database.close();
}
