import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where originals and renditions live: a folder on disk by default (DESIGN §7). */
export interface BlobStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
}

export function diskStore(root: string): BlobStore {
  return {
    async get(key) {
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async put(key, data) {
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a concurrent reader never sees half a file; each write has its own
      // temporary name, so two writers of one key never rename the same file.
      const tmp = `${path}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
  };
}
