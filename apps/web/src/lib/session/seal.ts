import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { z } from 'zod';

// Sealed cookies: JWE (dir + A256GCM), so the browser can neither read nor alter what they hold.
// The key is WEB_SESSION_SECRET; without it a random one is created once in the data folder
// (a single embedded instance). Replicas must share WEB_SESSION_SECRET.

let key: Uint8Array | undefined;

function sealingKey(): Uint8Array {
  if (key) return key;
  const secret = process.env.WEB_SESSION_SECRET ?? localSecret();
  if (secret.length < 32) throw new Error('WEB_SESSION_SECRET must be at least 32 characters');
  key = new Uint8Array(createHash('sha256').update(secret).digest());
  return key;
}

function localSecret(): string {
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const file = join(dataDir, 'web-session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another worker of this instance wrote it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
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
