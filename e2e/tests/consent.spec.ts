import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { biggestProduct, chargeOverHttp } from './support/coins';
import { createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Issue 16 item 4 (decision 0263): on an EU brand (delitoonb-fr, the default) no tracking cookie
// exists before the reader consents, and the measurement calls wait for it too; the choice is
// changed from the footer and from the settings screen. A non-EU brand shows no banner. These
// journeys start without the consent every other journey is given (playwright.config.ts).

test.use({ storageState: { cookies: [], origins: [] } });

const TRACKING = ['fp', 'porch', 'current_page', 'prev_page'];
const JAPANESE_WEB_URL = 'http://jp.localhost:3100';

async function cookieNames(context: BrowserContext, url?: string): Promise<string[]> {
  return (await context.cookies(url)).map((c) => c.name);
}

/** Calls to the measurement endpoints through the front proxy, as the page makes them. */
function measurementCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/front/logger' || path === '/api/front/third-party/facebook/conversion') calls.push(path);
  });
  return calls;
}

test('an EU brand sets no tracking cookie and sends nothing before consent, and does after', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const calls = measurementCalls(page);
  await page.goto('/?porch=spring-ad');
  const banner = page.getByRole('region', { name: /confidentialité/i });
  await expect(banner).toBeVisible();
  await screenshot(page, testInfo, 'consent-banner', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  // The page stays usable: on a phone every link of the bottom navigation can still be tapped.
  if (testInfo.project.name === 'mobile') {
    const links = page.getByRole('navigation', { name: 'Barre de navigation' }).getByRole('link');
    for (const link of await links.all()) await link.click({ trial: true, timeout: 2000 });
  }
  await page.goto('/faq');
  const visitorCookies = await cookieNames(page.context());
  expect(visitorCookies.filter((name) => TRACKING.includes(name))).toEqual([]);
  // The check marker is set for members only.
  expect(visitorCookies).not.toContain('session_checked');
  expect(calls).toEqual([]);

  // Keyboard: the banner's buttons are reached with Tab and pressed with Enter.
  const accept = banner.getByRole('button', { name: 'Tout accepter' });
  // The server's banner is pressed once the page runs (decision 0295).
  await expect(accept).toBeEnabled();
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'consent')?.value).toBe(
    'necessary.measurement.marketing',
  );

  const logged = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/front/logger');
  await page.goto('/?porch=spring-ad');
  expect((await logged).status()).toBe(200);
  const names = await cookieNames(page.context());
  for (const name of ['fp', 'porch', 'current_page']) expect(names).toContain(name);
  expect(calls).toContain('/api/front/third-party/facebook/conversion');
  expect(errors).toEqual([]);
});

test('the banner is in the first paint of a first visit, and never shows for a reader who chose', async ({ page }) => {
  // The page's scripts never arrive: what shows is the server's HTML and the inline boot script.
  await page.route('**/_next/static/chunks/**/*.js', (route) => route.abort());
  // A home address of this run's own, so the web server keeps it from this visit: a page kept by
  // an earlier journey could run out of its 30 s between the two visits.
  const home = `/?first-paint=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const first = await page.goto(home);
  expect(first?.headers().age).toBeUndefined();
  const banner = page.getByRole('region', { name: /confidentialité/i });
  await expect(banner).toBeVisible();
  // Before the page runs, a press would do nothing: the buttons say so.
  await expect(banner.getByRole('button', { name: 'Tout accepter' })).toBeDisabled();

  // Home again: the page the web server kept from the first visit, answered with a new nonce,
  // which the boot script must carry to run at all.
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: 'http://127.0.0.1:3100' }]);
  const kept = await page.goto(home);
  expect(kept?.headers().age).toBeDefined();
  await expect(page.getByTestId('site-footer')).toBeAttached();
  await expect(page.getByTestId('consent-banner')).toBeHidden();
});

test('the footer link reopens the choice, and a narrower choice removes what it no longer allows', async ({ page }) => {
  await page.goto('/faq');
  await page
    .getByRole('region', { name: /confidentialité/i })
    .getByRole('button', { name: 'Tout accepter' })
    .click();
  await page.goto('/faq?porch=summer');
  expect(await cookieNames(page.context())).toEqual(expect.arrayContaining(['fp', 'porch']));

  const link = page.getByTestId('footer-consent');
  await link.scrollIntoViewIfNeeded();
  await link.click();
  const banner = page.getByRole('region', { name: /confidentialité/i });
  await expect(banner.getByRole('heading')).toBeFocused();
  await expect(banner.getByLabel('Mesure d’audience')).toBeChecked();
  await banner.getByLabel('Marketing').uncheck();
  await banner.getByRole('button', { name: 'Enregistrer mon choix' }).click();
  await expect(banner).toHaveCount(0);
  await expect(link).toBeFocused();

  await page.goto('/faq');
  const names = await cookieNames(page.context());
  expect(names).toContain('fp');
  expect(names).not.toContain('porch');
  expect((await page.context().cookies()).find((c) => c.name === 'consent')?.value).toBe('necessary.measurement');
});

test('a member changes the choice from the settings screen', async ({ page }) => {
  const member = await createMember({ tag: 'consent' });
  await logIn(page, member);
  await page.goto('/setting/push');
  // The check marker (spec §4, 600 s) is a member's necessary cookie: there before any consent.
  await expect.poll(async () => cookieNames(page.context())).toContain('session_checked');
  await page
    .getByRole('region', { name: /confidentialité/i })
    .getByRole('button', { name: 'Nécessaires uniquement' })
    .click();
  expect((await cookieNames(page.context())).filter((name) => TRACKING.includes(name))).toEqual([]);

  const section = page.getByTestId('consent-settings');
  await expect(section.getByLabel('Mesure d’audience')).not.toBeChecked();
  await section.getByLabel('Mesure d’audience').check();
  await section.getByRole('button', { name: 'Enregistrer mon choix' }).click();
  await expect(section.getByRole('status')).toHaveText('Votre choix est enregistré.');
  await page.reload();
  const names = await cookieNames(page.context());
  expect(names).toEqual(expect.arrayContaining(['fp', 'current_page']));
  expect(names).not.toContain('porch');
  await expect(page.getByTestId('consent-settings').getByLabel('Mesure d’audience')).toBeChecked();
});

test('with consent, a first charge is reported as first order and initial purchase, and once to Facebook', async ({
  page,
}) => {
  const member = await createMember({ tag: 'consent-buy' });
  await logIn(page, member);
  await page
    .context()
    .addCookies([{ name: 'consent', value: 'necessary.measurement.marketing', url: 'http://127.0.0.1:3100' }]);
  const order = await chargeOverHttp(member, await biggestProduct(member));

  const logged: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/front/logger') return;
    const body = request.postDataJSON() as { action: string; data: { conversion?: string } };
    if (body.action === 'purchase') logged.push(body.data.conversion ?? '');
  });
  const conversion = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/front/third-party/facebook/conversion' &&
      (r.request().postDataJSON() as { action: string }).action === 'Purchase',
  );
  await page.goto(`/shop/complete/${order.id}`);
  await expect(page.getByTestId('order-paid')).toBeVisible();
  const answer = await conversion;
  // No conversion endpoint is configured in the journeys: the api takes the member's own paid order
  // and answers that it sent nothing.
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ result: 'SUCCESS', data: { result: 'SKIPPED' } });
  await expect.poll(() => logged.sort()).toEqual(['first_order', 'initial_purchase']);
});

test('a brand outside the EU shows no banner and keeps writing its page cookies', async ({ page }) => {
  await page.goto(`${JAPANESE_WEB_URL}/faq?porch=tokyo`);
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await expect(page.getByTestId('footer-consent')).toHaveCount(0);
  expect(await cookieNames(page.context(), JAPANESE_WEB_URL)).toEqual(
    expect.arrayContaining(['fp', 'porch', 'current_page']),
  );
});
