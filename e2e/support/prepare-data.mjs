// Runs before the system starts (playwright.config.ts): migrates the fresh embedded database of
// the run and makes the console OWNER that journeys act as through the admin API (gifts, answers,
// notices), with a live admin session whose token the journeys share: a login needs a TOTP code
// that is good once, and journeys of both projects run at once. Journeys that log in to the
// console themselves create their own admin through this OWNER. Uses the built api.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { loadConfig } from '../../apps/api/dist/config.js';
import { openDatabase } from '../../apps/api/dist/db/client.js';
import { adminAccounts, adminSessions } from '../../apps/api/dist/db/schema.js';
import { sealSecret, totpKeys } from '../../apps/api/dist/modules/admin/totp.js';
import { hashPassword } from '../../apps/api/dist/modules/auth/passwords.js';

const dataDir = process.env.DATA_DIR;
const email = process.env.BALCONY_E2E_ADMIN_EMAIL;
const password = process.env.BALCONY_E2E_ADMIN_PASSWORD;
const totpSecret = process.env.BALCONY_E2E_ADMIN_TOTP_SECRET;
const token = process.env.BALCONY_E2E_ADMIN_TOKEN;
if (!dataDir || !email || !password || !totpSecret || !token) {
  console.error('prepare-data: DATA_DIR and the BALCONY_E2E_ADMIN_* variables are required (playwright.config.ts)');
  process.exit(1);
}

// The api's own secret of this data folder (made here when missing), which seals TOTP secrets.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = await openDatabase({ databaseUrl: undefined, databaseDir: join(dataDir, 'db') });
try {
  await database.migrate();
  const [owner] = await database.db
    .insert(adminAccounts)
    .values({
      email,
      name: 'E2E owner',
      passwordHash: await hashPassword(password),
      totpSecret: sealSecret(totpKeys(config.auth.secret), totpSecret),
      roles: ['OWNER'],
    })
    .onConflictDoNothing()
    .returning();
  if (owner) {
    await database.db.insert(adminSessions).values({
      adminId: owner.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 8 * 3600_000),
    });
  }
} finally {
  await database.close();
}
