#!/usr/bin/env node
// The web's production server: Next.js on node:http, so that the app learns the reader's address
// and scheme from the socket and the proxies it trusts (request-stamp.mjs), never from headers a
// browser chose. `next start` keeps a browser's X-Forwarded-For and hides the socket.
// It also keeps visitors' catalogue pages, and members' class shells of the home pages, for a
// short while (visitor-pages.mjs) and answers
// browsers' script and style requests from the build's compressed copies (static-assets.mjs),
// relays images to the api (media-relay.mjs), and
// lets the app drop kept pages when the api says a catalog change affects them (page-drops.mjs).
// Env: WEB_PORT (3000), TRUST_PROXY (none; as the api's), COUNTRY_HEADER (as the api's; read from
// trusted proxies only), WEB_PAGE_CACHE_SECONDS (30; 0 turns the visitor page cache off),
// WEB_PAGE_CACHE_STALE_SECONDS (300: how long past those a kept page is still answered while it
// is rendered again), WEB_PAGE_CACHE_MB (64), and everything `next start` reads. With
// DATABASE_URL set, WEB_SESSION_SECRET and WEB_RELAY_SECRET are required (shared-secrets.mjs).
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BRAND_ID, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import { createMediaRelay } from './media-relay.mjs';
import { brandRouting, shareVisitorPages } from './page-drops.mjs';
import { createPageGates } from './page-gate.mjs';
import { compileTrust, createRequestStamp } from './request-stamp.mjs';
import { createSessionAudience } from './session-audience.mjs';
import { missingSharedSecret } from './shared-secrets.mjs';
import { createStaticAssets } from './static-assets.mjs';
import { createVisitorPages } from './visitor-pages.mjs';

const SHUTDOWN_GRACE_MS = 10_000;

const refusal = missingSharedSecret(process.env);
if (refusal) {
  console.error(`balcony web: ${refusal}`);
  process.exit(1);
}

// As `next start` does; set before Next.js and React are loaded, since they read it on load.
process.env.NODE_ENV ??= 'production';
// Tells the app (src/lib/session/client-address.ts) that the x-balcony-* request headers are ours.
process.env.BALCONY_WEB_SERVER = '1';
const { default: next } = await import('next');

const dir = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.WEB_PORT ?? 3000);
const stamp = createRequestStamp(compileTrust(process.env.TRUST_PROXY), process.env.COUNTRY_HEADER || undefined);
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4000';
const serveStatic = createStaticAssets(join(dir, '.next', 'static'));
const relayMedia = createMediaRelay({ apiUrl, timeoutMs: REQUEST_TIMEOUT_MS });
const brandOfHost = brandRouting(process.env, DEFAULT_BRAND_ID);
const servePage = createVisitorPages({
  seconds: Number(process.env.WEB_PAGE_CACHE_SECONDS ?? 30),
  staleSeconds: Number(process.env.WEB_PAGE_CACHE_STALE_SECONDS ?? 300),
  maxBytes: Number(process.env.WEB_PAGE_CACHE_MB ?? 64) * 1024 * 1024,
  memberAudience: createSessionAudience(process.env, brandOfHost),
  renderAgain: askSelf,
});

/**
 * Asks this server for a page, as a reader would, and reads the answer to its end (the kept
 * pages keep it, decision 0303).
 * @param {string} path
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {Promise<void>}
 */
function askSelf(path, headers) {
  return new Promise((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (answer) => {
      answer.on('error', reject).on('end', resolve).resume();
    });
    asked.setTimeout(REQUEST_TIMEOUT_MS, () => asked.destroy(new Error('render again timed out')));
    asked.on('error', reject).end();
  });
}

// A kept page never answers past maintenance or transfer mode: a gated brand's pages go to the
// app, whose proxy sends them on (page-gate.mjs, decision 0254).
const gates = createPageGates({ apiUrl, env: process.env });

// The api posts which pages a catalog change affects to the app (/_/pages/drop, decision 0231).
shareVisitorPages(servePage);

const app = next({ dev: false, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

async function respond(req, res) {
  // The server's own request for a page carries the reader's stamped headers.
  if (!servePage?.isRenderAgain(req)) stamp(req, res);
  if ((await serveStatic(req, res)) || (await relayMedia(req, res))) return;
  if (servePage && !(await gates.gated(brandOfHost(req.headers.host ?? ''))) && (await servePage(req, res))) return;
  await handle(req, res);
}

const server = createServer((req, res) => {
  respond(req, res).catch((error) => {
    console.error(JSON.stringify({ level: 'error', msg: 'request failed', cause: String(error) }));
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

// Like `next start -p`: every interface.
server.listen(port, () => console.log(`› web ready on http://localhost:${port}`));

let closing = false;
function shutDown(signal) {
  if (closing) return;
  closing = true;
  console.log(`› web closing (${signal})`);
  // Stop taking connections, let requests in flight finish, then leave; never hang past the grace.
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  server.close(() => {
    Promise.resolve(app.close?.()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => shutDown('SIGTERM'));
process.on('SIGINT', () => shutDown('SIGINT'));
