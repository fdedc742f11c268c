// Secrets every web replica must share (decision 0217). With DATABASE_URL the service runs on
// real infrastructure, possibly as several replicas; a secret each replica generated in its own
// DATA_DIR would make them refuse one another's session cookies (WEB_SESSION_SECRET) and the api
// refuse the readers' addresses they relay (WEB_RELAY_SECRET). Plain JavaScript for server.mjs;
// its types are in shared-secrets.d.mts.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SHARED_SECRETS = Object.freeze(['WEB_SESSION_SECRET', 'WEB_RELAY_SECRET']);

/** Why the web must not start with this environment, naming the variable; null when it may. */
export function missingSharedSecret(env) {
  if (!env.DATABASE_URL) return null;
  const missing = SHARED_SECRETS.find((name) => !env[name]);
  return missing
    ? `${missing} must be set when DATABASE_URL is: every replica must use the same value ` +
        '(at least 32 characters), so it is not generated per replica'
    : null;
}

/**
 * A shared secret for the server's plain modules: the variable, or the file the app creates in
 * DATA_DIR when it is unset (src/lib/session/server-secret.ts); undefined while neither exists.
 * @param {NodeJS.ProcessEnv} env
 * @param {'WEB_SESSION_SECRET' | 'WEB_RELAY_SECRET'} name
 * @param {string} fileName
 */
export function sharedSecretOf(env, name, fileName) {
  if (env[name]) return env[name];
  const file = join(resolve(env.DATA_DIR ?? './data'), fileName);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
