import { expect, test } from '@playwright/test';
import { createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// The delivery address of spec §3 (decision 0280) on the default brand (delitoonb-fr, French): a
// visitor is sent to login; a member opens the form from the settings, is told what is missing,
// saves an address, finds it again after a reload, and deletes it. Texts are translated, so
// elements are found by id, role or data-testid, never by their words.

test('a member saves a delivery address, sees it after a reload and deletes it', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'address' });

  await page.goto('/setting/address');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/setting/address');

  await logIn(page, member);
  await page.goto('/setting/push');
  await page.getByTestId('settings-address').click();
  await page.waitForURL((url) => url.pathname === '/setting/address');
  const form = page.getByTestId('address-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('address-delete')).toHaveCount(0);

  // Countries are named in the reader's language (French here).
  await expect(page.locator('#address-country option[value="DE"]')).toHaveText('Allemagne');

  // Nothing filled in: the first field is flagged, described by its message and focused.
  await form.locator('button[type="submit"]').click();
  const name = page.locator('#address-name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-describedby', /address-name-error/);
  await expect(name).toBeFocused();
  await expect(page.getByTestId('address-country-error')).toBeVisible();
  await screenshot(page, testInfo, 'address-missing');

  await name.fill('Camille Dupont');
  await page.locator('#address-address1').fill('12 rue de Rivoli');
  await page.locator('#address-address2').fill('Bâtiment B');
  await page.locator('#address-zipCode').fill('10115');
  await page.locator('#address-city').fill('Berlin');
  await page.locator('#address-country').selectOption('DE');
  // Choosing the country brings its calling code while no number is typed.
  await expect(page.locator('#address-callingCode')).toHaveValue('49');
  await page.locator('#address-phone').fill('12ab');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('address-phone-error')).toBeVisible();
  await page.locator('#address-phone').fill('30 1234567');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId('address-saved')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'address-saved');

  await page.reload();
  await expect(page.locator('#address-name')).toHaveValue('Camille Dupont');
  await expect(page.locator('#address-address2')).toHaveValue('Bâtiment B');
  await expect(page.locator('#address-zipCode')).toHaveValue('10115');
  await expect(page.locator('#address-country')).toHaveValue('DE');
  await expect(page.locator('#address-callingCode')).toHaveValue('49');
  await expect(page.locator('#address-phone')).toHaveValue('301234567');

  await page.getByTestId('address-delete').click();
  await expect(page.getByTestId('address-deleted')).toBeVisible();
  await page.reload();
  await expect(page.locator('#address-name')).toHaveValue('');
  await expect(page.getByTestId('address-delete')).toHaveCount(0);
  expect(errors).toEqual([]);
});
