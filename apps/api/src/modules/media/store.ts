import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createS3Client, type S3Settings, s3Store } from './s3-store.js';

/** Where originals and renditions live: a folder on disk by default (DESIGN §7). */
export interface BlobStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer): Promise<void>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
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
    async delete(key) {
      await rm(join(root, key), { force: true });
    },
  };
}

/** The three stores of images: public originals, their renditions, and private contact images. */
export interface MediaStores {
  originals: BlobStore;
  renditions: BlobStore;
  private: BlobStore;
}

/** Folders under `mediaDir` (the embedded default), or prefixes in one S3 bucket. */
export function openMediaStores(opts: { mediaDir: string; s3: S3Settings | undefined }): MediaStores {
  const { s3 } = opts;
  if (s3) {
    const client = createS3Client(s3);
    return {
      originals: s3Store(client, s3.bucket, 'originals'),
      renditions: s3Store(client, s3.bucket, 'renditions'),
      private: s3Store(client, s3.bucket, 'private'),
    };
  }
  return {
    originals: diskStore(join(opts.mediaDir, 'originals')),
    renditions: diskStore(join(opts.mediaDir, 'renditions')),
    private: diskStore(join(opts.mediaDir, 'private')),
  };
}
