// The member behind a page request, as far as the production server's kept pages need to know
// (decision 0289): the catalogue class their sealed session cookie holds (src/lib/session/seal.ts
// seals it; src/proxy.ts writes the class in). Plain JavaScript for server.mjs; its types are in
// session-audience.d.mts.
import { createHash } from 'node:crypto';
import { jwtDecrypt } from 'jose';
import { sharedSecretOf } from './shared-secrets.mjs';

/**
 * @param {NodeJS.ProcessEnv} env WEB_SESSION_SECRET, or DATA_DIR's web-session-secret file
 * @param {(host: string) => string} brandOfHost
 * @returns {(sessionCookie: string, host: string) => Promise<string | null>} the member's class, or
 *   null when their page must be rendered for them: a cookie not sealed here, of another brand,
 *   without a class yet, or whose access token has expired (the render's proxy renews it; one
 *   close to expiry is renewed by the browser's session call that every kept page makes)
 */
export function createSessionAudience(env, brandOfHost) {
  /** @type {Uint8Array | undefined} */
  let key;
  return async (sessionCookie, host) => {
    if (!key) {
      const secret = sharedSecretOf(env, 'WEB_SESSION_SECRET', 'web-session-secret');
      if (!secret) return null;
      key = new Uint8Array(createHash('sha256').update(secret).digest());
    }
    let payload;
    try {
      ({ payload } = await jwtDecrypt(sessionCookie, key));
    } catch {
      return null;
    }
    const { brandId, audience, accessExpiresAt } = payload;
    if (brandId !== brandOfHost(host) || typeof audience !== 'string') return null;
    if (typeof accessExpiresAt !== 'number' || accessExpiresAt <= Date.now()) return null;
    return audience;
  };
}
