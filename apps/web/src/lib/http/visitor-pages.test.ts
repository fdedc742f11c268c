import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_HEADER, contentSecurityPolicy, newNonce } from '../../../page-policy.mjs';
import { STAMPED_HEADERS } from '../../../request-stamp.mjs';
import { createVisitorPages } from '../../../visitor-pages.mjs';

// The production server's visitor page cache (decision 0146), in front of a stand-in for Next.js
// that renders a page the way it does: a fresh nonce in the policy and on every script.

interface Rendered {
  count: number;
  /** The renders asked for as a member's class shell. */
  shells: number;
}

/** A stand-in for session-audience.mjs: the cookie `balcony_session=class:{audience}` names one. */
async function audienceOf(sessionCookie: string): Promise<string | null> {
  return sessionCookie.startsWith('class:') ? sessionCookie.slice('class:'.length) : null;
}

async function start(
  render: (req: IncomingMessage, res: ServerResponse, nonce: string) => void,
  { seconds = 30, staleSeconds = 0 } = {},
) {
  const rendered: Rendered = { count: 0, shells: 0 };
  let port = 0;
  /** The server's own requests for pages it answered stale, each settled once its answer ended. */
  const ownRequests: Promise<void>[] = [];
  const servePage = createVisitorPages({
    seconds,
    staleSeconds,
    maxBytes: 1024 * 1024,
    memberAudience: audienceOf,
    renderAgain: async (path, headers) => {
      const asked = fetch(`http://127.0.0.1:${port}${path}`, { headers: headers as Record<string, string> }).then(
        async (answer) => {
          await answer.text();
        },
      );
      ownRequests.push(asked);
      return asked;
    },
  });
  const server = createServer(async (req, res) => {
    // As server.mjs: the server's own request keeps the reader's stamped headers.
    if (!servePage?.isRenderAgain(req)) req.headers[STAMPED_HEADERS.proto] = 'http';
    if (await servePage?.(req, res)) return;
    rendered.count += 1;
    if (req.headers[STAMPED_HEADERS.shell] === '1') rendered.shells += 1;
    const nonce = newNonce();
    res.setHeader('content-security-policy', contentSecurityPolicy(nonce, false));
    res.setHeader('set-cookie', 'fp=from-the-render; Path=/');
    // As a streamed render: headers first, the page in parts, a little later.
    setTimeout(() => render(req, res, nonce), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, rendered, ownRequests };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function page(req: IncomingMessage, res: ServerResponse, nonce: string) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('x-frame-options', 'DENY');
  res.writeHead(200);
  res.write(`<html><head><script nonce="${nonce}" src="/a.js"></script></head>`);
  res.end(
    `<body data-url="${req.url}" data-referer="${req.headers.referer ?? ''}"><script nonce="${nonce}">1</script></body></html>`,
  );
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe('the visitor page cache', () => {
  it('answers the next visitor from the kept page, with a nonce of their own everywhere the render had one, and their own cookies', async () => {
    const { base, rendered } = await start(page);
    const first = await fetch(`${base}/detail/54`);
    const firstHtml = await first.text();
    const second = await fetch(`${base}/detail/54`, { headers: { cookie: 'fp=known-device; current_page=%2F' } });
    const secondHtml = await second.text();

    expect(rendered.count).toBe(1);
    expect(first.headers.get('age')).toBeNull();
    expect(second.headers.get('age')).toBe('0');
    const [one, two] = [nonceOf(first), nonceOf(second)];
    expect(one).toBeTruthy();
    expect(two).toBeTruthy();
    expect(two).not.toBe(one);
    expect(secondHtml).not.toContain(one);
    expect(secondHtml.split(`nonce="${two}"`)).toHaveLength(3);
    expect(secondHtml.replaceAll(two ?? '', 'N')).toBe(firstHtml.replaceAll(one ?? '', 'N'));
    expect(second.headers.get('x-frame-options')).toBe('DENY');
    const cookies = second.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('fp='))).toBe(false);
    expect(cookies).toContainEqual(expect.stringMatching(/^prev_page=%2F; .*HttpOnly; SameSite=lax$/));
    expect(cookies).toContainEqual(expect.stringMatching(/^current_page=%2Fdetail%2F54; /));
    const newcomer = await fetch(`${base}/detail/54`);
    expect(newcomer.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^fp=[0-9a-f-]{36}; /));
  });

  it('writes on a brand that asks consent only the page cookies the reader allowed, and expires the others', async () => {
    const { base, rendered } = await start((req, res, nonce) => {
      res.setHeader(CONSENT_HEADER, 'required');
      page(req, res, nonce);
    });
    await (await fetch(`${base}/detail/7?porch=spring-ad`)).text();
    const names = (response: Response) => response.headers.getSetCookie().map((c) => c.split('=')[0]);

    const before = await fetch(`${base}/detail/7?porch=spring-ad`);
    expect(rendered.count).toBe(1);
    // Only the necessary CSRF secret is written before a choice.
    expect(names(before)).toEqual(['balcony_csrf']);
    expect(before.headers.getSetCookie()[0]).toMatch(/^balcony_csrf=[\w-]{43}; .*HttpOnly; SameSite=lax$/);

    const measured = await fetch(`${base}/detail/7?porch=spring-ad`, {
      headers: { cookie: 'consent=necessary.measurement; balcony_csrf=s' },
    });
    expect(names(measured).sort()).toEqual(['current_page', 'fp']);

    const everything = await fetch(`${base}/detail/7?porch=spring-ad`, {
      headers: {
        cookie: 'consent=necessary.measurement.marketing; balcony_csrf=s; fp=known; current_page=%2Fdetail%2F7',
      },
    });
    expect(names(everything)).toEqual(['porch']);

    const withdrawn = await fetch(`${base}/detail/7?porch=spring-ad`, {
      headers: { cookie: 'consent=necessary; balcony_csrf=s; fp=known; porch=spring-ad; current_page=%2F' },
    });
    const expired = withdrawn.headers.getSetCookie();
    expect(expired.map((c) => c.split('=')[0]).sort()).toEqual(['current_page', 'fp', 'porch']);
    for (const cookie of expired) expect(cookie).toMatch(/^\w+=; Path=\/; .*Max-Age=0;/);
  });

  it('renders every page of a member, and keeps none of them for visitors', async () => {
    const { base, rendered } = await start(page);
    const member = { cookie: 'balcony_session=sealed' };
    await (await fetch(`${base}/detail/54`, { headers: member })).text();
    await (await fetch(`${base}/detail/54`, { headers: member })).text();
    expect(rendered.count).toBe(2);
    await (await fetch(`${base}/detail/54`)).text();
    expect(rendered.count).toBe(3);
  });

  it("keeps the catalogue pages of members by their session's class, as a shell, apart from visitors' pages", async () => {
    const { base, rendered } = await start(page);
    const get = async (path: string, cookie?: string) =>
      (await fetch(base + path, { headers: cookie ? { cookie } : {} })).text();
    await get('/', 'balcony_session=class:adult|bl');
    expect(rendered).toEqual({ count: 1, shells: 1 });
    // Another member of the same class gets that page; one of another class, a visitor, and a
    // member whose class is not known yet get their own.
    await get('/', 'balcony_session=class:adult|bl; fp=other-device');
    expect(rendered.count).toBe(1);
    await get('/', 'balcony_session=class:minor|bl');
    await get('/');
    await get('/', 'balcony_session=sealed');
    await get('/', 'balcony_session=sealed');
    expect(rendered).toEqual({ count: 5, shells: 2 });
    await get('/home/ranking', 'balcony_session=class:minor|bl');
    await get('/home/pick/3', 'balcony_session=class:minor|bl');
    await get('/home/ranking', 'balcony_session=class:minor|bl');
    expect(rendered).toEqual({ count: 7, shells: 4 });
    // Series and viewer pages are shells too, whose member parts the browser asks for (decision 0293).
    await get('/detail/54', 'balcony_session=class:minor|bl');
    await get('/detail/54', 'balcony_session=class:minor|bl; fp=other-device');
    await get('/viewer/7', 'balcony_session=class:minor|bl');
    await get('/viewer/7', 'balcony_session=class:minor|bl');
    expect(rendered).toEqual({ count: 9, shells: 6 });
    // Account pages are the member's own: always rendered for them.
    await get('/my', 'balcony_session=class:minor|bl');
    await get('/my', 'balcony_session=class:minor|bl');
    expect(rendered).toEqual({ count: 11, shells: 6 });
  });

  it('keeps one page per answer to the adult question, per address, and per page a viewer was opened from', async () => {
    const { base, rendered } = await start(page);
    const get = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(base + path, { headers })).text();
    await get('/detail/54');
    await get('/detail/54', { cookie: 'not_logged_in_adult=Y' });
    await get('/detail/54?porch=summer');
    expect(rendered.count).toBe(3);
    expect(await get('/viewer/7', { referer: `${base}/detail/54` })).toContain('data-referer="http');
    expect(await get('/viewer/7', { referer: `${base}/detail/9` })).toContain('/detail/9');
    expect(rendered.count).toBe(5);
    await get('/detail/54', { cookie: 'not_logged_in_adult=Y' });
    expect(rendered.count).toBe(5);
  });

  it('renders pages it does not keep: errors, other pages, router requests, the app and Internet Explorer', async () => {
    const { base, rendered } = await start((req, res, nonce) => {
      if (req.url === '/detail/404') {
        res.writeHead(404, { 'content-type': 'text/html' }).end(`<p nonce="${nonce}">gone</p>`);
      } else page(req, res, nonce);
    });
    const twice = async (path: string, headers: Record<string, string> = {}) => {
      await (await fetch(base + path, { headers })).text();
      await (await fetch(base + path, { headers })).text();
    };
    await twice('/detail/404');
    await twice('/my');
    await twice('/detail/54', { rsc: '1' });
    await twice('/', { 'user-agent': 'Mozilla/5.0 (Linux) BalconyApp/AND_PLAY' });
    await twice('/', { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)' });
    expect(rendered.count).toBe(10);
  });

  it('answers a page past its fresh time as it is while it renders it again, and the next visitor gets the new one', async () => {
    /** A page that says which render it is. */
    const numbered = (_req: IncomingMessage, res: ServerResponse, nonce: string) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.writeHead(200);
      res.end(`<html><head><script nonce="${nonce}">1</script></head><body>render ${rendered.count}</body></html>`);
    };
    const { base, rendered, ownRequests } = await start(numbered, { seconds: 0.2, staleSeconds: 30 });
    expect(await (await fetch(`${base}/detail/54`)).text()).toContain('render 1');
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Past its fresh time: the kept page, at once, and one render again for everyone who asks now.
    const late = await Promise.all(
      [1, 2, 3].map(() => fetch(`${base}/detail/54`, { headers: { 'if-none-match': '"x"' } })),
    );
    for (const answer of late) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('render 1');
      expect(Number(answer.headers.get('age'))).toBeGreaterThanOrEqual(0);
    }
    expect(ownRequests).toHaveLength(1);
    await Promise.all(ownRequests);
    expect(rendered.count).toBe(2);
    const next = await fetch(`${base}/detail/54`);
    expect(await next.text()).toContain('render 2');
    expect(rendered.count).toBe(2);
  });

  it('renders a member’s class page past its fresh time for them, not from the kept one', async () => {
    const { base, rendered, ownRequests } = await start(page, { seconds: 0.2, staleSeconds: 30 });
    const member = { headers: { cookie: 'balcony_session=class:minor|bl' } };
    await (await fetch(`${base}/detail/54`, member)).text();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const late = await fetch(`${base}/detail/54`, member);
    await late.text();
    expect(late.headers.get('age')).toBeNull();
    expect(rendered.count).toBe(2);
    expect(ownRequests).toHaveLength(0);
  });

  it('takes a request that claims to be its own render again, without its secret, for a reader’s', async () => {
    const { base, rendered } = await start(page);
    await (await fetch(`${base}/detail/54`)).text();
    const forged = await fetch(`${base}/detail/54`, { headers: { 'x-balcony-render-again': 'guess' } });
    expect(forged.headers.get('age')).toBe('0');
    expect(rendered.count).toBe(1);
  });

  it('renders a page once for visitors who ask for it at the same time', async () => {
    const { base, rendered } = await start(page);
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/home/ranking`)));
    const nonces = new Set(answers.map(nonceOf));
    expect(rendered.count).toBe(1);
    expect(nonces.size).toBe(8);
  });

  it('keeps the page with its chunk scripts waiting for the first image, under each answer’s own nonce', async () => {
    const { base } = await start((_req, res, nonce) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.writeHead(200);
      res.end(
        `<html><head><script src="/_next/static/chunks/a.js" async="" nonce="${nonce}"></script></head><body></body></html>`,
      );
    });
    const rendered = await (await fetch(`${base}/`)).text();
    expect(rendered).toContain('<script src="/_next/static/chunks/a.js" async=""');
    const kept = await fetch(`${base}/`);
    const html = await kept.text();
    expect(html).not.toContain('<script src="/_next/static/chunks/a.js"');
    expect(html).toContain(`<script nonce="${nonceOf(kept)}">(function loadAfterFirstPaint(`);
    expect(html).toContain('["/_next/static/chunks/a.js"]');
  });

  it('gzips a kept page for a browser that takes it', async () => {
    const { base } = await start(page);
    await (await fetch(`${base}/`)).text();
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('<body data-url="/"');
  });
});
