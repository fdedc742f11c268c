#!/usr/bin/env node
// A local S3-compatible server (s3rver) for the scaled-out system: S3_PORT, S3_DIR, S3_BUCKET.
import S3rver from 's3rver';

const server = new S3rver({
  port: Number(process.env.S3_PORT ?? 9100),
  address: '127.0.0.1',
  silent: true,
  directory: process.env.S3_DIR ?? './data/s3',
  configureBuckets: [{ name: process.env.S3_BUCKET ?? 'balcony-media' }],
});
await server.run();
console.log(`› S3 server on 127.0.0.1:${process.env.S3_PORT ?? 9100}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
