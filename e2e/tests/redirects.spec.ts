import { expect, type Page, test } from '@playwright/test';
import { createMember, logIn } from './support/member';

// Crafted return addresses (`callbackUrl`, `callback`) never take a reader off the site: not the
// visitor who follows a link to a login callback, not the member who is sent straight on, not the
// login form. Each value is written as it stands in the query string, so the route decodes it once.

const ORIGIN = 'http://127.0.0.1:3100';

const CRAFTED: ReadonlyArray<readonly [name: string, query: string]> = [
  ['a tab after the first slash (/\\t/host)', '%2F%09%2Fevil.example'],
  ['a newline after the first slash', '%2F%0A%2Fevil.example'],
  ['a protocol-relative address (//host)', '%2F%2Fevil.example'],
  ['a protocol-relative address left unencoded', '//evil.example'],
  ['a slash and a backslash (/\\host)', '%2F%5Cevil.example'],
  ['an absolute https address', 'https%3A%2F%2Fevil.example'],
  ['an absolute address in capitals', 'HTTPS%3A%2F%2Fevil.example%2Fmy'],
  ['javascript:', 'javascript%3Aalert(1)'],
  ['%2F%2F encoded twice', '%252F%252Fevil.example'],
  ['dot segments folding into //', '%2F.%2F%2Fevil.example'],
];

/** Records every request to the crafted host (and stops it there), and any dialog a script opens. */
async function watchForEscapes(page: Page): Promise<string[]> {
  const escapes: string[] = [];
  // Matched on the host: the crafted value itself sits in the query of our own URLs.
  await page.context().route(
    (url) => url.hostname.endsWith('evil.example'),
    async (route) => {
      escapes.push(route.request().url());
      await route.abort();
    },
  );
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== ORIGIN) escapes.push(request.url());
  });
  page.on('dialog', async (dialog) => {
    escapes.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return escapes;
}

/** Waits until the reader lands on `path` of this site, then checks nothing went elsewhere. */
async function expectLandedOn(page: Page, path: string, escapes: string[], label: string): Promise<void> {
  await page.waitForURL((url) => url.origin === ORIGIN && url.pathname === path, { timeout: 15_000 });
  await page.waitForLoadState('load');
  expect(new URL(page.url()).origin, label).toBe(ORIGIN);
  expect(escapes, label).toEqual([]);
}

test.describe('crafted return addresses stay on the site', () => {
  test('a visitor sent through the login-success callback goes home', async ({ page }) => {
    const escapes = await watchForEscapes(page);
    for (const [name, query] of CRAFTED) {
      await page.goto(`/callback/login-success?callbackUrl=${query}`);
      await expectLandedOn(page, '/', escapes, name);
    }
  });

  test('a visitor on the login page keeps it, and its links carry only the home path', async ({ page }) => {
    const escapes = await watchForEscapes(page);
    for (const [name, query] of CRAFTED) {
      await page.goto(`/user/login?callback=${query}`);
      await expectLandedOn(page, '/user/login', escapes, name);
      await expect(page.locator('#login-email')).toBeVisible();
      const signUp = await page.getByTestId('login-signup').getAttribute('href');
      expect(signUp, name).toBe('/user/signup');
      for (const href of await page
        .locator('a[href*="callbackUrl="]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
        expect(new URL(href, ORIGIN).searchParams.get('callbackUrl'), name).toBe('/');
      }
    }
  });

  test('a member is sent home from the login page and the login-success callback', async ({ page }) => {
    const member = await createMember({ tag: 'redirect' });
    await logIn(page, member);
    const escapes = await watchForEscapes(page);
    for (const [name, query] of CRAFTED) {
      await page.goto(`/user/login?callback=${query}`);
      await expectLandedOn(page, '/', escapes, `login page, ${name}`);
      await page.goto(`/callback/login-success?callbackUrl=${query}`);
      await expectLandedOn(page, '/', escapes, `login-success, ${name}`);
    }
  });

  test('the login form with a crafted callback logs in and goes home', async ({ page }) => {
    const member = await createMember({ tag: 'redirect-form' });
    const escapes = await watchForEscapes(page);
    await page.goto(`/user/login?callback=${CRAFTED[0]?.[1]}`);
    await page.locator('#login-email').fill(member.email);
    await page.locator('#login-password').fill(member.password);
    await page.getByTestId('login-submit').click();
    await expectLandedOn(page, '/', escapes, 'login form');
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'balcony_session')).toBe(true);
  });

  test('the auth base answers only paths of this site', async ({ page }) => {
    const member = await createMember({ tag: 'redirect-base' });
    for (const [name, query] of CRAFTED) {
      const signIn = await page.request.get(`/api/auth/signin?callbackUrl=${query}`, { maxRedirects: 0 });
      expect(signIn.status(), name).toBe(303);
      expect(signIn.headers().location, name).toBe('/user/login?callback=%2F');

      const social = await page.request.get(`/api/auth/signin/unknown?callbackUrl=${query}`, { maxRedirects: 0 });
      expect(social.headers().location, name).toBe('/user/login?callback=%2F');
    }

    // One login (each would count against the member's login limit), then a sign-out per value.
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const login = await page.request.post('/api/auth/callback/credentials', {
      form: {
        csrfToken,
        email: member.email,
        password: member.password,
        callbackUrl: decodeURIComponent(CRAFTED[0]?.[1] ?? ''),
        json: 'true',
      },
    });
    expect(((await login.json()) as { url: string }).url).toBe('/');
    for (const [name, query] of CRAFTED) {
      const callbackUrl = decodeURIComponent(query);
      const signOut = await page.request.post('/api/auth/signout', { form: { csrfToken, callbackUrl, json: 'true' } });
      expect(((await signOut.json()) as { url: string }).url, name).toBe('/callback/logout-success');
    }
  });
});
