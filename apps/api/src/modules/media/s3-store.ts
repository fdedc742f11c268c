import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BlobStore } from './store.js';

// Images on S3-compatible storage (issue 14, decision 0222): every replica reads and writes the
// same bucket, so an image made by one is served by all.

export interface S3Settings {
  bucket: string;
  /** An S3-compatible server's address (MinIO, s3rver…); absent for AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Servers other than AWS take the bucket in the path, not in the host name.
    forcePathStyle: settings.endpoint !== undefined,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/** Blobs under `prefix` in the bucket. */
export function s3Store(client: S3Client, bucket: string, prefix: string): BlobStore {
  const Key = (key: string) => `${prefix}/${key}`;
  return {
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async put(key, data) {
      // One PUT replaces the object whole: a reader sees the old blob or the new one, never half.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: Key(key), Body: data }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }));
    },
  };
}
