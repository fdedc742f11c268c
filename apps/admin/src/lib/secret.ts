import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Shortest secret accepted, from the environment or the data folder. */
const MIN_SECRET_LENGTH = 32;

/**
 * A secret from the environment variable `envName`; without it, a random one created once in the
 * data folder as `fileName`, readable by its owner only (a single embedded instance; replicas
 * must share the variable). The api and the web read the same folder for the relay secret.
 */
export function envOrLocalSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  const secret = fromEnv ?? localSecret(fileName);
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${envName} (or ${fileName} in DATA_DIR) must hold at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

function localSecret(fileName: string): string {
  const file = join(resolve(process.env.DATA_DIR ?? defaultDataDir()), fileName);
  if (!existsSync(file)) {
    mkdirSync(resolve(file, '..'), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (the api, the web) wrote it first.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** The repository's data folder when run from apps/admin (server.mjs, `next dev`), as the api's default. */
function defaultDataDir(): string {
  return existsSync(join(process.cwd(), 'server.mjs')) ? '../../data' : './data';
}
