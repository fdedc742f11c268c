import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingSharedSecret } from '../../../shared-secrets.mjs';

// On real infrastructure (DATABASE_URL) the web refuses to start without the secrets its replicas
// share, rather than generating one per replica (decision 0217).

const SERVER = fileURLToPath(new URL('../../../server.mjs', import.meta.url));
const SECRET = 's'.repeat(32);

describe('the secrets web replicas share', () => {
  it('are not needed in the embedded mode, where the data folder keeps them', () => {
    expect(missingSharedSecret({})).toBeNull();
  });

  it('are each required with DATABASE_URL, naming the missing variable', () => {
    const env = { DATABASE_URL: 'postgres://db.example/balcony' };
    expect(missingSharedSecret(env)).toMatch(/^WEB_SESSION_SECRET must be set when DATABASE_URL is/);
    expect(missingSharedSecret({ ...env, WEB_SESSION_SECRET: SECRET })).toMatch(/^WEB_RELAY_SECRET must be set/);
    expect(missingSharedSecret({ ...env, WEB_SESSION_SECRET: SECRET, WEB_RELAY_SECRET: SECRET })).toBeNull();
  });

  it('stop the web server before it starts, with the reason on stderr', () => {
    const { PATH, HOME } = process.env;
    const run = spawnSync(process.execPath, [SERVER], {
      env: {
        PATH,
        HOME,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db.example/balcony',
        WEB_RELAY_SECRET: SECRET,
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('balcony web: WEB_SESSION_SECRET must be set when DATABASE_URL is');
  });
});
