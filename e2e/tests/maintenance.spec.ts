import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { adminToken, api } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Maintenance (issue 16 item 3): an owner switches delitoon-me (me.localhost) to maintenance
// through the admin API with its expected end; every reader page of the brand shows /prepare with
// that end, the apps get SERVICE_MAINTENANCE, and the health checks, the console and the other
// brands go on. Switched back off in `finally`: every journey shares this one system.

const ME = { id: 'delitoon-me', origin: 'http://me.localhost:3100', timeZone: 'Europe/Paris' };
const API_ROOT = 'http://127.0.0.1:4100';
const CONSOLE_URL = 'http://127.0.0.1:3101';

async function switchMaintenance(active: boolean, endsAt: Date | null): Promise<void> {
  await api('PUT', '/admin/maintenance', {
    token: await adminToken(),
    brandId: ME.id,
    body: { active, allBrands: false, endsAt: endsAt?.toISOString() ?? null },
  });
}

/** dd.MM.yyyy in the brand's zone, as /prepare writes the end's date. */
function brandDate(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ME.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

test('maintenance sends every reader page to /prepare with its end; health, apps and other brands', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const endsAt = new Date(Date.now() + 2 * 3600_000);
  await switchMaintenance(true, endsAt);
  try {
    // The web asks the api again within seconds: wait until the brand's pages are gated.
    await expect(async () => {
      await page.goto(`${ME.origin}/`);
      expect(new URL(page.url()).pathname).toBe('/prepare');
    }).toPass();
    for (const path of ['/shop', '/detail/1', '/my', '/user/login']) {
      await page.goto(`${ME.origin}${path}`);
      await page.waitForURL((url) => url.pathname === '/prepare');
    }
    await expect(page.getByTestId('prepare-end')).toContainText(brandDate(endsAt));
    await screenshot(page, testInfo, 'prepare');
    expect(await seriousViolations(page)).toEqual([]);

    // Health answers on both processes; the apps get the maintenance code with Retry-After.
    expect((await page.request.get('http://127.0.0.1:3100/_/health')).status()).toBe(200);
    expect((await page.request.get(`${API_ROOT}/_/health`)).status()).toBe(200);
    const app = await page.request.get(`${API_ROOT}/api/v1/transfer`, {
      headers: { 'x-balcony-id': ME.id, 'x-balcony-timeZone': ME.timeZone, 'x-platform': 'AND_PLAY' },
    });
    expect(app.status()).toBe(503);
    expect(((await app.json()) as { code: string }).code).toBe('SERVICE_MAINTENANCE');
    expect(Number(app.headers()['retry-after'])).toBeGreaterThan(0);

    // The default brand is not under maintenance.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
  } finally {
    await switchMaintenance(false, null);
  }
  await expect(async () => {
    await page.goto(`${ME.origin}/shop`);
    expect(new URL(page.url()).pathname).toBe('/shop');
  }).toPass();
  expect(errors).toEqual([]);
});

test('an owner switches maintenance on and off in the console', async ({ page, isMobile }, testInfo) => {
  test.skip(isMobile, 'the console is used on a desktop');
  const made = await api<{ password: string; totpSecret: string; account: { email: string } }>(
    'POST',
    '/admin/accounts',
    {
      token: await adminToken(),
      body: { email: `ops-${Date.now()}@console.example.com`, name: 'E2E operations', roles: ['OWNER'] },
    },
  );
  // The console acts in the brand its cookie names (the header's brand picker sets it).
  await page.context().addCookies([{ name: 'balcony_admin_brand', value: ME.id, url: CONSOLE_URL }]);
  await page.goto(`${CONSOLE_URL}/`);
  await page.getByLabel('E-mail address').fill(made.account.email);
  await page.getByLabel('Password').fill(made.password);
  await page.getByLabel('Authenticator code').fill(await generate({ secret: made.totpSecret }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console areas' })).toBeVisible();

  await page.goto(`${CONSOLE_URL}/operations`);
  const effective = page.getByTestId('maintenance-effective');
  await expect(effective).toContainText('open');
  try {
    await page.getByTestId('maintenance-form').getByRole('button', { name: 'Start maintenance' }).click();
    await expect(effective).toContainText('under maintenance');
    await screenshot(page, testInfo, 'console-maintenance-on');
    expect(await seriousViolations(page)).toEqual([]);
    await expect(async () => {
      await page.goto(`${ME.origin}/shop`);
      expect(new URL(page.url()).pathname).toBe('/prepare');
    }).toPass();
    // The console itself stays reachable while its brand is under maintenance.
    await page.goto(`${CONSOLE_URL}/operations`);
    await page.getByTestId('maintenance-form').getByRole('button', { name: 'End maintenance' }).click();
    await expect(effective).toContainText('open');
  } finally {
    await switchMaintenance(false, null);
  }
  // Both switches are in the audit log, as this admin's.
  for (const action of ['MAINTENANCE_ON', 'MAINTENANCE_OFF']) {
    const audit = await api<{ items: unknown[] }>('GET', `/admin/audit?action=${action}`, {
      token: await adminToken(),
      brandId: ME.id,
    });
    expect(audit.items.length, action).toBeGreaterThan(0);
  }
});
