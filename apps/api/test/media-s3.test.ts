import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, type S3Settings, s3Store } from '../src/modules/media/s3-store.js';
import { type BlobStore, diskStore } from '../src/modules/media/store.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { solidPng } from './support/images.js';

// Issue 14 item 3: with S3 settings every image lives in the bucket (originals, renditions and
// private contact images), on a local S3-compatible server this test starts. Loopback only.

let server: S3rver;
let folder: string;
let settings: S3Settings;
let client: S3Client;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'balcony-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder });
  const { port } = await server.run();
  settings = {
    bucket: 'balcony-media',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  client = createS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe.each([
  ['disk', async (): Promise<BlobStore> => diskStore(await mkdtemp(join(tmpdir(), 'balcony-blobs-')))],
  ['S3', async (): Promise<BlobStore> => s3Store(client, settings.bucket, 'conformance')],
])('the %s blob store', (_name, open) => {
  it('answers null for a missing blob, keeps, replaces and deletes one', async () => {
    const store = await open();
    expect(await store.get('a/b.webp')).toBeNull();
    await store.put('a/b.webp', Buffer.from('first'));
    expect(await store.get('a/b.webp')).toEqual(Buffer.from('first'));
    await store.put('a/b.webp', Buffer.from('second'));
    expect(await store.get('a/b.webp')).toEqual(Buffer.from('second'));
    await store.delete('a/b.webp');
    expect(await store.get('a/b.webp')).toBeNull();
    // Deleting what is not there is not an error (a retried clean-up).
    await store.delete('a/b.webp');
  });
});

describe('an api on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ s3: settings });
  });
  afterAll(() => t.close());

  it('keeps originals and renditions in the bucket and serves them from it', async () => {
    const { demoSeries } = await import('../src/db/seed/catalog-data.js');
    const url = `/media/demo/pages/${demoSeries[0]?.slug}/1/1.png?w=640`;
    const first = await t.app.inject({ url, headers: { accept: 'image/webp' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await keysUnder('originals')).toContain(`originals/demo/pages/${demoSeries[0]?.slug}/1/1.png`);
    expect((await keysUnder('renditions')).length).toBeGreaterThan(0);
    // Another replica on the same bucket serves the same bytes.
    const other = await createTestApp({ s3: settings });
    try {
      const again = await other.app.inject({ url, headers: { accept: 'image/webp' } });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload).toEqual(first.rawPayload);
    } finally {
      await other.close();
    }
  });

  it('keeps a contact request’s images in the bucket, private to their member', async () => {
    const owner = await createMember(t.database.db, t.config.auth, { brandId: 'delitoonb-fr' });
    const stranger = await createMember(t.database.db, t.config.auth, { brandId: 'delitoonb-fr' });
    const form = new FormData();
    form.append('category', 'PAYMENT');
    form.append('title', 'Coins missing');
    form.append('content', 'I paid and see no coins.');
    form.append('images', new Blob([new Uint8Array(await solidPng())], { type: 'image/png' }), 'proof.png');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qna',
      headers: { ...brandHeaders('delitoonb-fr'), ...owner.headers },
      payload: form,
    });
    expect(filed.statusCode).toBe(200);
    const request = filed.json().data;
    expect(await keysUnder('private')).toHaveLength(1);
    const path = `/api/v1/qna/${request.id}/attachments/0`;
    const mine = await t.app.inject({ url: path, headers: { ...brandHeaders('delitoonb-fr'), ...owner.headers } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const theirs = await t.app.inject({ url: path, headers: { ...brandHeaders('delitoonb-fr'), ...stranger.headers } });
    expect(theirs.statusCode).toBe(404);
  });
});
