import { createHmac, timingSafeEqual } from 'node:crypto';

// Short-lived signed URLs for the page images of paid episodes (DESIGN §6): the viewer hands out
// `/media/{key}?exp=…&sig=…`, the media route serves a protected key only with a valid, unexpired
// signature, so a copied link stops working after PAGE_URL_TTL_MS.

export const PAGE_URL_TTL_MS = 15 * 60_000;

export interface PageUrlSigner {
  /** The media path of `key`, signed until `expiresAt`. */
  sign(key: string, expiresAt: Date): string;
  /** Whether `sig` signs `key` until `exp` (seconds since the epoch) and `exp` is still ahead of `now`. */
  verify(key: string, exp: number, sig: string, now: Date): boolean;
}

export function createPageUrlSigner(secret: Uint8Array): PageUrlSigner {
  // A key of its own, derived from the auth secret, so a page signature can never pass for a token.
  const key = createHmac('sha256', secret).update('balcony media page urls').digest();
  const mac = (imageKey: string, exp: number) =>
    createHmac('sha256', key).update(`${imageKey}\n${exp}`).digest('base64url');
  return {
    sign(imageKey, expiresAt) {
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return `/media/${imageKey}?exp=${exp}&sig=${mac(imageKey, exp)}`;
    },
    verify(imageKey, exp, sig, now) {
      if (!Number.isSafeInteger(exp) || exp * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(imageKey, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
