import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Shortest secret accepted, from the environment or the data folder. */
export const MIN_SECRET_LENGTH = 32;

/**
 * A secret from the environment variable `envName`; without it, a random one created once in the
 * data folder as `fileName` (a single embedded instance; replicas must share the variable). The
 * api reads the same folder: whichever process starts first writes the file, the other reads it.
 */
export function envOrLocalSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  const secret = fromEnv ?? localSecret(fileName);
  if (secret.length < MIN_SECRET_LENGTH) {
    const where = fromEnv === undefined ? `${envName} (unset, so ${localFile(fileName)})` : envName;
    throw new Error(`${where} must hold at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

function localFile(fileName: string): string {
  return join(resolve(process.env.DATA_DIR ?? './data'), fileName);
}

function localSecret(fileName: string): string {
  const file = localFile(fileName);
  if (!existsSync(file)) {
    mkdirSync(resolve(file, '..'), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (the api, or another worker of this instance) wrote it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
