import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP baseline parameters (19 MiB, 2 passes, 1 lane).
// The package's `Algorithm` is an ambient const enum, unusable under isolatedModules: 2 is Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
