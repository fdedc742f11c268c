// The member behind a page request, as far as the production server's kept pages need to know
// (decision 0289): the catalogue class their sealed session cookie holds (src/lib/session/seal.ts
// seals it; src/proxy.ts writes the class in). Plain JavaScript for server.mjs; its types are in
// session-audience.d.mts.
import { createHash } from 'node:crypto';
import { jwtDecrypt } from 'jose';
import { sharedSecretOf } from './shared-secrets.mjs';

/**
 * The catalogue class of a visitor on the web who has not answered the adult question (contracts'
 * audienceClass): minors' lists, BL shown. A member of this class sees what such a visitor sees,
 * so their kept page is rendered with the catalogue as a visitor gets it, holding nothing that
 * depends on who asked (decision 0289). Members of other classes get their pages rendered.
 */
export const VISITOR_AUDIENCE = 'minor|bl';

/**
 * @param {NodeJS.ProcessEnv} env WEB_SESSION_SECRET, or DATA_DIR's web-session-secret file
 * @param {(host: string) => string} brandOfHost
 * @returns {(sessionCookie: string, host: string) => Promise<string | null>} the member's class when
 *   it is VISITOR_AUDIENCE, or null when their page must be rendered for them: a cookie not sealed
 *   here, of another brand, of another class or none yet, or whose access token has expired (the render's proxy renews it; one
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
    if (brandId !== brandOfHost(host) || audience !== VISITOR_AUDIENCE) return null;
    if (typeof accessExpiresAt !== 'number' || accessExpiresAt <= Date.now()) return null;
    return audience;
  };
}
