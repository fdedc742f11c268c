import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { AppError } from '@balcony/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

// Access tokens are short-lived JWTs (HS256); refresh tokens are opaque random strings of which
// only a SHA-256 hash is stored, so a database leak gives no usable token.

export interface TokenSettings {
  /** At least 32 bytes of secret for HS256. */
  secret: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface AccessClaims {
  userId: number;
  brandId: string;
  /**
   * When the user last proved who they are (a login), as OIDC's `auth_time`: carried unchanged
   * across refreshes, so a refreshed token does not count as a fresh login (withdrawal).
   */
  authTime: Date;
  /**
   * The session (refresh-token family) the token was issued in: logging out ends it, and its
   * access tokens with it (decision 0292). Absent from tokens made outside a session (tools).
   */
  sessionId?: string | undefined;
}

const ISSUER = 'balcony-api';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function createTokenSigner(settings: TokenSettings) {
  // Made once: jose would otherwise import the raw secret again for every token it checks.
  const key = createSecretKey(settings.secret);
  // Tokens whose signature was checked, with their expiry: a member's every request carries the
  // same token, and checking an HMAC through WebCrypto cost about a seventh of a member's cached
  // read (CPU profile of `bench api`). Keyed by the whole token, so only that exact string hits.
  const checked = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: 20_000 });
  return {
    settings,
    /** `authTime` defaults to `now`: a new login. */
    async signAccess(
      claims: Omit<AccessClaims, 'authTime'> & { authTime?: Date | undefined },
      now: Date,
    ): Promise<{ token: string; expiredAt: Date }> {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + settings.accessTtlSeconds;
      const authTime = Math.floor((claims.authTime ?? now).getTime() / 1000);
      const session = claims.sessionId === undefined ? {} : { sid: claims.sessionId };
      const token = await new SignJWT({ brand: claims.brandId, auth_time: authTime, ...session })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(String(claims.userId))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiredAt: new Date(exp * 1000) };
    },

    /**
     * Checks an access token. Expired → NEED_TO_REFRESH (the client refreshes and retries once);
     * anything else wrong → MALFORMED_JWT. `allowExpired` is for the refresh call, which proves
     * who the caller was with its old access token.
     */
    async verifyAccess(token: string, opts: { allowExpired?: boolean; now?: Date } = {}): Promise<AccessClaims> {
      const known = opts.allowExpired ? undefined : checked.get(token);
      if (known) {
        // As jose decides it: expired once the current second reaches `exp`.
        if (Math.floor((opts.now ?? new Date()).getTime() / 1000) >= known.exp) throw new AppError('NEED_TO_REFRESH');
        return known.claims;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: opts.now,
          ...(opts.allowExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.brand !== 'string') throw new AppError('MALFORMED_JWT');
        const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
        if (typeof authTime !== 'number') throw new AppError('MALFORMED_JWT');
        const claims: AccessClaims = {
          userId,
          brandId: payload.brand,
          authTime: new Date(authTime * 1000),
          ...(typeof payload.sid === 'string' && { sessionId: payload.sid }),
        };
        if (!opts.allowExpired && typeof payload.exp === 'number') checked.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError('NEED_TO_REFRESH');
        throw new AppError('MALFORMED_JWT');
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
