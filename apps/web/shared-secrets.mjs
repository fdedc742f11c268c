// Secrets every web replica must share (decision 0217). With DATABASE_URL the service runs on
// real infrastructure, possibly as several replicas; a secret each replica generated in its own
// DATA_DIR would make them refuse one another's session cookies (WEB_SESSION_SECRET) and the api
// refuse the readers' addresses they relay (WEB_RELAY_SECRET). Plain JavaScript for server.mjs;
// its types are in shared-secrets.d.mts.

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
