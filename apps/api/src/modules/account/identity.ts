import { createHmac, timingSafeEqual } from 'node:crypto';

// The Korean mobile-carrier identity check (spec §6, "NICE"-like): a popup run by the identity
// service hands the result to the client, which posts it to POST /user/auth/adult/kr. Only the
// verifier can tell a genuine result from a forged one.

export interface IdentityResult {
  /** Transaction id of the identity service. */
  txId: string;
  /** Birth date "yyyy-MM-dd" as the carrier knows it. */
  birthedAt: string;
  signature: string;
}

export interface IdentityVerifier {
  /** The verified birth date, or null when the result is not genuine. */
  verify(result: IdentityResult): Promise<{ birthedAt: string } | null>;
}

/** The signature the sandbox accepts: HMAC-SHA-256 of "txId|birthedAt", hex. */
export function sandboxSignature(secret: Uint8Array, txId: string, birthedAt: string): string {
  return createHmac('sha256', secret).update(`${txId}|${birthedAt}`).digest('hex');
}

/**
 * The default verifier until a contract with an identity service exists: a result is genuine
 * when signed with the auth secret, so a test or a local popup page on the server can make one
 * and a browser cannot.
 */
export function createSandboxIdentityVerifier(secret: Uint8Array): IdentityVerifier {
  return {
    async verify(result) {
      const expected = Buffer.from(sandboxSignature(secret, result.txId, result.birthedAt), 'hex');
      const given = Buffer.from(result.signature, 'hex');
      const genuine = given.length === expected.length && timingSafeEqual(given, expected);
      return genuine ? { birthedAt: result.birthedAt } : null;
    },
  };
}
