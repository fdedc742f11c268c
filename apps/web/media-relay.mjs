// GET /media/* → the api's media route, so images are same-origin for the page (CSP img-src
// 'self'). Only what a cached image needs passes, in either direction: never the reader's cookies
// or bearer, never the api's address or its other headers.
// The production server relays here, on node:http with kept-alive connections (decision 0299):
// through a Next.js route handler an image cost about 20 ms of the web's thread, and the banner of
// every home page is one. `next dev` has no server of ours, so app/media/[...path]/route.ts relays
// there, with the same header lists.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';

export const MEDIA_PREFIX = '/media/';
/** What a browser's image request may carry to the api. */
export const FORWARDED_REQUEST = ['accept', 'if-none-match', 'if-modified-since'];
/** What of the api's answer reaches the browser. */
export const FORWARDED_RESPONSE = ['content-type', 'cache-control', 'vary', 'etag', 'last-modified'];
/** Connections kept open to the api, per web process. */
const MAX_SOCKETS = 64;

/**
 * The api's address for `url` (path and query of a browser's request), or null when it is not
 * under /media/ once resolved: `/media/%2e%2e/api/…` must not reach the api's other routes.
 * @param {string} url
 * @param {string} apiUrl
 * @returns {URL | null}
 */
export function mediaTarget(url, apiUrl) {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  let target;
  try {
    target = new URL(url, apiUrl);
  } catch {
    return null;
  }
  return target.pathname.startsWith(MEDIA_PREFIX) ? target : null;
}

/**
 * The relay of the production server: answers GET and HEAD under /media/ (true), leaves every
 * other request to Next.js (false).
 * @param {{ apiUrl: string, timeoutMs: number }} opts
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>}
 */
export function createMediaRelay({ apiUrl, timeoutMs }) {
  const secure = new URL(apiUrl).protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS })
    : new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS });

  return async function relayMedia(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = mediaTarget(req.url ?? '', apiUrl);
    if (!target) return false;
    /** @type {Record<string, string>} */
    const headers = {};
    for (const name of FORWARDED_REQUEST) {
      const value = req.headers[name];
      if (typeof value === 'string' && value) headers[name] = value;
    }
    const call = { upstream: relay(), left: false };
    // A reader who leaves before the image arrives frees the api's connection.
    res.on('close', () => {
      if (res.writableFinished) return;
      call.left = true;
      call.upstream.destroy();
    });

    /**
     * One try at the api. A kept-alive connection the api closed just as it was reused fails
     * before any answer: an image request is safe to send again, once, on a fresh connection.
     * @param {boolean} mayRetry
     * @returns {import('node:http').ClientRequest}
     */
    function relay(mayRetry = true) {
      const upstream = send(target, { method: req.method, headers, agent, timeout: timeoutMs }, (answer) => {
        res.statusCode = answer.statusCode ?? 502;
        for (const name of [...FORWARDED_RESPONSE, 'content-length']) {
          const value = answer.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        // Of next.config.ts' headers only this one means anything on an image.
        res.setHeader('x-content-type-options', 'nosniff');
        pipeline(answer, res, () => {});
      });
      upstream.on('timeout', () => upstream.destroy(new Error(`media answer took over ${timeoutMs} ms`)));
      upstream.on('error', (error) => {
        // Closed above, for a reader who left: nobody to answer, nothing to report.
        if (call.left) return;
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (mayRetry && upstream.reusedSocket && /** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNRESET') {
          call.upstream = relay(false);
          return;
        }
        console.error(
          JSON.stringify({ level: 'error', msg: 'media unavailable', path: target.pathname, cause: String(error) }),
        );
        res.writeHead(502, { 'cache-control': 'no-store' }).end();
      });
      upstream.end();
      return upstream;
    }
    return true;
  };
}
