import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { findAdultSeriesId } from './support/catalog';
import { biggestProduct, chargeOverHttp, totalCoins } from './support/coins';
import { api, createMember, logIn, type Member, SIGN_UP_REWARD } from './support/member';

// Members get the home pages kept for their catalogue class (decision 0289): the page is rendered
// once per class and kept, and each member's own parts (the header's coins) come from their own
// session in the browser. This journey proves that no member's data reaches another: two members
// of different classes, and a third of the first one's class, read the same pages in turn.

test.skip(({ isMobile }) => isMobile, 'the kept pages are the same on every screen');

/** A link to the series page of `id` in HTML (not to /detail/{id}0…). */
const seriesLink = (id: number) => new RegExp(`href="/detail/${id}[?"]`);

/** Coins as the French brand writes them. */
const coinsText = (n: number) => new Intl.NumberFormat('fr').format(n);

async function memberPage(context: BrowserContext, member: Member): Promise<Page> {
  const page = await context.newPage();
  await logIn(page, member);
  return page;
}

/** The page's HTML as the server answered it, and whether it came from a kept page (`Age`). */
async function served(page: Page, path: string): Promise<{ html: string; kept: boolean }> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return { html: await response.text(), kept: response.headers().age !== undefined };
}

/** A PUT through the web's front proxy, from the page, as the settings screens send it. */
async function frontPut(page: Page, path: string, body?: unknown): Promise<string> {
  return page.evaluate(
    async ({ path, body }) => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const answer = await fetch(`/api/front${path}`, {
        method: 'PUT',
        headers: { 'x-csrf-token': csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return ((await answer.json()) as { result: string }).result;
    },
    { path, body },
  );
}

/** Makes the member an adult who shows adult series, as the adult popup and the settings do. */
async function becomeAdult(page: Page): Promise<void> {
  expect(await frontPut(page, '/user', { action: 'ADULT', verifyAdultRequest: { birthedAt: '1990-06-15' } })).toBe(
    'SUCCESS',
  );
  expect(await frontPut(page, '/user/adult/toggle/true')).toBe('SUCCESS');
}

test('members of two classes read the kept home pages, and none sees the other one’s series or coins', async ({
  browser,
}) => {
  const adultId = await findAdultSeriesId();
  const [adult, minor, anotherAdult] = await Promise.all([
    createMember({ tag: 'kept-adult' }),
    createMember({ tag: 'kept-minor' }),
    createMember({ tag: 'kept-adult2' }),
  ]);
  const charged = totalCoins(await biggestProduct(adult));
  await chargeOverHttp(adult, await biggestProduct(adult));
  const adultPage = await memberPage(await browser.newContext(), adult);
  await adultPage.goto('/');
  await becomeAdult(adultPage);
  const ranked = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING', {
    token: adult.accessToken,
  });
  expect(ranked.items.map((item) => item.id)).toContain(adultId);

  // The adult's ranking lists the adult series; rendered once, then kept for their class.
  await adultPage.goto('/home/ranking');
  await expect(adultPage.locator(`a[href="/detail/${adultId}"], a[href^="/detail/${adultId}?"]`).first()).toBeVisible();
  await expect(adultPage.getByTestId('header-coins-total')).toHaveText(coinsText(SIGN_UP_REWARD + charged));
  await served(adultPage, '/home/ranking');
  const again = await served(adultPage, '/home/ranking');
  expect(again.kept).toBe(true);
  expect(again.html).toMatch(seriesLink(adultId));

  // A member of the minor class never gets that page: theirs holds no adult series.
  const minorPage = await memberPage(await browser.newContext(), minor);
  for (const _ of [1, 2]) {
    const { html } = await served(minorPage, '/home/ranking');
    expect(html).not.toMatch(seriesLink(adultId));
    expect(html).not.toContain(adult.email);
  }
  await minorPage.goto('/home/ranking');
  await expect(minorPage.getByTestId('header-coins-total')).toHaveText(coinsText(SIGN_UP_REWARD));
  await expect(minorPage.locator(`a[href="/detail/${adultId}"], a[href^="/detail/${adultId}?"]`)).toHaveCount(0);

  // Another adult gets the adult class's kept page, with their own coins and nothing of the first.
  const secondPage = await memberPage(await browser.newContext(), anotherAdult);
  await secondPage.goto('/');
  await becomeAdult(secondPage);
  await secondPage.goto('/');
  await served(secondPage, '/home/ranking');
  const kept = await served(secondPage, '/home/ranking');
  expect(kept.kept).toBe(true);
  expect(kept.html).toMatch(seriesLink(adultId));
  for (const own of [adult.email, anotherAdult.email, coinsText(SIGN_UP_REWARD + charged)])
    expect(kept.html).not.toContain(own);
  await secondPage.goto('/home/ranking');
  await expect(secondPage.getByTestId('header-coins-total')).toHaveText(coinsText(SIGN_UP_REWARD));
  await expect(
    secondPage.locator(`a[href="/detail/${adultId}"], a[href^="/detail/${adultId}?"]`).first(),
  ).toBeVisible();

  // Adult display switched off: the member's next page is of the minor class at once.
  expect(await frontPut(secondPage, '/user/adult/toggle/false')).toBe('SUCCESS');
  await secondPage.goto('/home/ranking');
  await expect(secondPage.getByTestId('header-coins-total')).toHaveText(coinsText(SIGN_UP_REWARD));
  await expect(secondPage.locator(`a[href="/detail/${adultId}"], a[href^="/detail/${adultId}?"]`)).toHaveCount(0);
});
