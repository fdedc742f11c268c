import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

// The second factor of an admin login (RFC 6238, 6 digits, 30 s, as authenticator apps expect).
// Secrets are kept encrypted (AES-256-GCM under a key derived from the auth secret), so a copy
// of the database alone cannot mint codes.

const ISSUER = 'Balcony admin';
/** One step either side of now: a phone's clock a little off still works. */
const TOLERANCE_SECONDS = 30;

export interface TotpKeys {
  /** The AES key that seals stored secrets. */
  readonly sealKey: Buffer;
}

export function totpKeys(authSecret: Uint8Array): TotpKeys {
  return { sealKey: Buffer.from(hkdfSync('sha256', authSecret, 'balcony', 'admin-totp-secret', 32)) };
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** `iv.tag.ciphertext`, each base64url. */
export function sealSecret(keys: TotpKeys, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.sealKey, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(keys: TotpKeys, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('sealed TOTP secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', keys.sealKey, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/**
 * The time step of `code` when it is valid at `now` and newer than `afterStep` (the step last
 * accepted, so a code is good once), else null.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an authenticator shows at `now` (tests, and the CLI's check). */
export function codeAt(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}
