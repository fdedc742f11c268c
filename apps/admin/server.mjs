#!/usr/bin/env node
// The console's production server: Next.js on node:http, so that the app learns the admin's
// address and scheme from the socket and the proxies it trusts (request-stamp.mjs), never from
// headers a browser chose; the address goes, signed, into the api's audit log.
// Env: ADMIN_PORT (3001), ADMIN_HOST (every interface), API_URL (http://127.0.0.1:4000),
// TRUST_PROXY (none), ADMIN_SESSION_SECRET and WEB_RELAY_SECRET (else files in DATA_DIR).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTrust, createRequestStamp } from './request-stamp.mjs';

const SHUTDOWN_GRACE_MS = 10_000;

// As `next start` does; set before Next.js and React are loaded, since they read it on load.
process.env.NODE_ENV ??= 'production';
// Tells the app (src/lib/request-info.ts) that the x-balcony-* request headers are ours.
process.env.BALCONY_ADMIN_SERVER = '1';
const dir = fileURLToPath(new URL('.', import.meta.url));
// DATA_DIR (local secrets shared with the api) is relative to where the service was started, as
// for the api; the message files are then read from ./messages (src/i18n/messages.ts).
process.env.DATA_DIR = resolve(process.env.DATA_DIR ?? './data');
process.chdir(dir);
const { default: next } = await import('next');

const port = Number(process.env.ADMIN_PORT ?? 3001);
const host = process.env.ADMIN_HOST || undefined;
const stamp = createRequestStamp(compileTrust(process.env.TRUST_PROXY));

const app = next({ dev: false, dir, port, hostname: host ?? 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  stamp(req, res);
  handle(req, res).catch((error) => {
    console.error(JSON.stringify({ level: 'error', msg: 'request failed', cause: String(error) }));
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.listen(port, host, () => console.log(`› admin ready on http://${host ?? 'localhost'}:${port}`));

let closing = false;
function shutDown(signal) {
  if (closing) return;
  closing = true;
  console.log(`› admin closing (${signal})`);
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  server.close(() => {
    Promise.resolve(app.close?.()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => shutDown('SIGTERM'));
process.on('SIGINT', () => shutDown('SIGINT'));
