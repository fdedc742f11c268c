import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Sealed cookie values: AES-256-GCM, so the browser can neither read nor alter what they hold.
// The value carries its own end, so an old cookie replayed after its Max-Age is refused too.

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key derived from a secret of any length. */
export function sealingKey(secret: string): Buffer {
  return createHash('sha256').update(`balcony-admin-cookie:${secret}`).digest();
}

export function seal(key: Buffer, payload: Record<string, unknown>, maxAgeSeconds: number, now = Date.now()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ exp: now + maxAgeSeconds * 1000, payload });
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

/** The payload when `value` was sealed with `key` and has not expired; otherwise null. */
export function unseal(key: Buffer, value: string | undefined, now = Date.now()): unknown {
  if (!value) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
    const parsed = JSON.parse(plain) as { exp?: unknown; payload?: unknown };
    if (typeof parsed.exp !== 'number' || parsed.exp <= now) return null;
    return parsed.payload ?? null;
  } catch {
    return null;
  }
}
