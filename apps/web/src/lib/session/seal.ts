import 'server-only';
import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { z } from 'zod';
import { envOrLocalSecret } from './server-secret';

// Sealed cookies: JWE (dir + A256GCM), so the browser can neither read nor alter what they hold.
// The key is WEB_SESSION_SECRET; without it a random one is created once in the data folder
// (a single embedded instance). Replicas must share WEB_SESSION_SECRET.

let key: Uint8Array | undefined;

function sealingKey(): Uint8Array {
  key ??= new Uint8Array(
    createHash('sha256').update(envOrLocalSecret('WEB_SESSION_SECRET', 'web-session-secret')).digest(),
  );
  return key;
}

export async function seal(payload: Record<string, unknown>, maxAgeSeconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${maxAgeSeconds}s`)
    .encrypt(sealingKey());
}

/** The payload when the value was sealed here, is unexpired and matches the schema; otherwise null. */
export async function unseal<T>(value: string | undefined, schema: z.ZodType<T>): Promise<T | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtDecrypt(value, sealingKey());
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
