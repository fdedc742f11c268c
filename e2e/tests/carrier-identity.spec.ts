import { expect, test } from '@playwright/test';
import { api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// The Korean carrier identity check (issue 16 item 5; decisions 0270, 0271): a member opens an
// attempt (GET /nice/encode through the front proxy, as the adult gate's button does), the
// sandbox service's page lets the tester answer, and /callback/auth-mobilians hands the signed
// result to the api once: the member is verified, and the same result a second time is refused.
// Texts are translated, so elements are found by data-testid or role, never by their words.

interface EncodeForm {
  actionUrl: string;
  method: string;
  fields: Record<string, string>;
}

test('a member passes the carrier identity check in the sandbox, once', async ({ page, baseURL }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'carrier' });
  await logIn(page, member);

  // The attempt, opened on the reader's web origin through the front proxy (the browser's own call).
  const origin = new URL(baseURL ?? '').origin;
  const opened = await page.request.get(`/api/front/nice/encode?webOrigin=${encodeURIComponent(origin)}`);
  const form = ((await opened.json()) as { data: EncodeForm }).data;
  expect(form.method).toBe('GET');
  const provider = new URL(form.actionUrl);
  expect(provider.origin).toBe(origin);
  for (const [name, value] of Object.entries(form.fields)) provider.searchParams.set(name, value);

  // The sandbox service's page: the tester gives the carrier's birth date and sends it.
  await page.goto(provider.pathname + provider.search);
  await expect(page.getByTestId('carrier-sandbox')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'carrier-sandbox');
  await page.getByTestId('carrier-sandbox-birth').fill('1990-04-12');
  await page.getByTestId('carrier-sandbox-verify').click();

  // Back on the callback page with the signed result: verified.
  await page.waitForURL((url) => url.pathname === '/callback/auth-mobilians');
  const callback = page.getByTestId('carrier-callback');
  await expect(callback).toHaveAttribute('data-state', 'verified');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'carrier-callback-verified');
  const me = await api<{ isAdultKr: boolean; isAdult: boolean; birthedAt: string }>('POST', '/user', {
    token: member.accessToken,
  });
  expect(me).toMatchObject({ isAdultKr: true, isAdult: true, birthedAt: '1990-04-12' });

  // The same result again (a reload, or a copied address) is refused: an attempt is used once.
  await page.reload();
  await expect(callback).toHaveAttribute('data-state', 'failed');
  await expect(page.getByTestId('carrier-callback-error')).toHaveAttribute('data-code', 'ALREADY_USE_SMS');
  await expect(page.getByTestId('carrier-callback-continue')).toBeVisible();
  expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
});

test('a cancelled check says so and changes nothing', async ({ page, baseURL }) => {
  const member = await createMember({ tag: 'carrier-cancel' });
  await logIn(page, member);
  const origin = new URL(baseURL ?? '').origin;
  const opened = await page.request.get(`/api/front/nice/encode?webOrigin=${encodeURIComponent(origin)}`);
  const form = ((await opened.json()) as { data: EncodeForm }).data;
  const provider = new URL(form.actionUrl);
  for (const [name, value] of Object.entries(form.fields)) provider.searchParams.set(name, value);
  await page.goto(provider.pathname + provider.search);
  await page.getByTestId('carrier-sandbox-cancel').click();
  await page.waitForURL((url) => url.pathname === '/callback/auth-mobilians');
  await expect(page.getByTestId('carrier-callback')).toHaveAttribute('data-state', 'failed');
  await expect(page.getByTestId('carrier-callback-error')).toHaveAttribute('data-code', 'Callback');
  const me = await api<{ isAdultKr: boolean }>('POST', '/user', { token: member.accessToken });
  expect(me.isAdultKr).toBe(false);
});
