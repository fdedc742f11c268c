import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPageDrop, brandRouting, pagesOfTags, shareVisitorPages } from '../../../page-drops.mjs';
import { contentSecurityPolicy, newNonce } from '../../../page-policy.mjs';
import { STAMPED_HEADERS } from '../../../request-stamp.mjs';
import { createVisitorPages } from '../../../visitor-pages.mjs';

// The api's page drops (decision 0231): a catalog change drops exactly the kept visitor pages
// built from it, and only a post signed with the relay secret drops anything.

const SECRET = 'a-relay-secret-of-at-least-thirty-two-characters';
const env = { WEB_RELAY_SECRET: SECRET, BRAND_HOSTS: 'fr.example=delitoon-fr,de.example=delitoon-de' };
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function sign(body: string, secret = SECRET) {
  const key = createHmac('sha256', secret).update('balcony web page drops').digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

async function start() {
  const rendered: string[] = [];
  const pages = createVisitorPages({ seconds: 30, maxBytes: 1024 * 1024 });
  shareVisitorPages(pages);
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    req.headers[STAMPED_HEADERS.proto] = 'http';
    if (await pages?.(req, res)) return;
    rendered.push(`${req.headers.host}${req.url}`);
    const nonce = newNonce();
    res.setHeader('content-security-policy', contentSecurityPolicy(nonce, false));
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.writeHead(200).end(`<html><script nonce="${nonce}">1</script></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // fetch may not set Host: node:http does, as a browser on that host would.
  const get = (host: string, path: string) =>
    new Promise<string>((resolve, reject) => {
      request(base + path, { headers: { host } }, (res) => {
        let html = '';
        res.on('data', (chunk) => (html += chunk));
        res.on('end', () => resolve(html));
      })
        .on('error', reject)
        .end();
    });
  const revalidated: string[] = [];
  const drop = (tags: string[] | null, signature?: string, at = Date.now()) => {
    const body = JSON.stringify({ tags, at });
    return applyPageDrop({
      body,
      signature: signature ?? sign(body),
      env,
      defaultBrand: 'delitoonb-fr',
      brandIds: ['delitoon-fr', 'delitoon-de'],
      revalidate: (tag) => revalidated.push(tag),
    });
  };
  return { rendered, get, drop, revalidated };
}

describe('page drops', () => {
  it('maps tags to pages: a series to its detail, an episode to its viewer, a brand list to its home', () => {
    const brandOf = brandRouting(env, 'delitoonb-fr');
    const hits = pagesOfTags(['series:12', 'episode:40', 'lists:delitoon-fr'], brandOf);
    expect(hits('de.example', '/detail/12')).toBe(true);
    expect(hits('de.example', '/detail/120')).toBe(false);
    expect(hits('fr.example', '/viewer/40/')).toBe(true);
    expect(hits('fr.example', '/')).toBe(true);
    expect(hits('fr.example', '/home/ranking')).toBe(true);
    expect(hits('de.example', '/')).toBe(false);
    expect(hits('other.example', '/')).toBe(false);
    expect(pagesOfTags(['tabs:delitoonb-fr'], brandOf)('other.example:3000', '/home')).toBe(true);
    expect(pagesOfTags(null, brandOf)('de.example', '/detail/1')).toBe(true);
  });

  it('drops the kept pages and data a signed change names, and keeps the others', async () => {
    const { rendered, get, drop, revalidated } = await start();
    for (const [host, path] of [
      ['fr.example', '/detail/12'],
      ['fr.example', '/detail/13'],
      ['fr.example', '/'],
      ['de.example', '/'],
    ] as const) {
      await get(host, path);
      await get(host, path);
    }
    expect(rendered).toHaveLength(4);
    expect(drop(['series:12', 'lists:delitoon-fr'])).toBe(204);
    expect(revalidated.sort()).toEqual([
      'catalog:delitoon-de:series:12',
      'catalog:delitoon-fr:home',
      'catalog:delitoon-fr:search',
      'catalog:delitoon-fr:series:12',
    ]);
    await get('fr.example', '/detail/12');
    await get('fr.example', '/');
    await get('fr.example', '/detail/13');
    await get('de.example', '/');
    expect(rendered.slice(4)).toEqual(['fr.example/detail/12', 'fr.example/']);
  });

  it('refuses a drop without the relay secret’s signature, or with a stale time', async () => {
    const { rendered, get, drop, revalidated } = await start();
    await get('fr.example', '/detail/12');
    expect(drop(['series:12'], sign('{}'))).toBe(403);
    expect(drop(['series:12'], 'x')).toBe(403);
    expect(drop(['series:12'], sign('x', 'another-secret-another-secret-another'))).toBe(403);
    const at = Date.now() - 10 * 60_000;
    expect(drop(['series:12'], sign(JSON.stringify({ tags: ['series:12'], at })), at)).toBe(400);
    await get('fr.example', '/detail/12');
    expect(rendered).toHaveLength(1);
    expect(revalidated).toEqual([]);
  });
});
