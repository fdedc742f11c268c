import { expect, type Page, test } from '@playwright/test';
import { findAdultSeriesId } from './support/catalog';
import { api, codeIn, createMember, logIn, logInWith, uniquePhone, waitForMail, waitForSms } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Account journeys on the default brand (delitoonb-fr, French): password reset by mail and by SMS,
// push settings, and the adult popup. Members are made over HTTP; texts are translated, so
// elements are found by role, id or data-testid, never by their words.

/** A field's error is announced with it: the field is invalid and described by the message. */
async function expectFieldError(page: Page, fieldId: string): Promise<void> {
  const field = page.locator(`#${fieldId}`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId(`${fieldId}-error`)).toBeVisible();
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`${fieldId}-error`));
  await expect(field).toBeFocused();
}

test('a member who forgot the password resets it through the mailed link and logs in with the new one', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'reset-mail' });
  await page.goto('/mail/resetPassword');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // An empty address is refused on the spot, tied to its field.
  const mailForm = page.getByTestId('reset-mail-form');
  await mailForm.getByRole('button').click();
  await expectFieldError(page, 'reset-email');

  const since = Date.now() - 1;
  await page.locator('#reset-email').fill(member.email);
  await mailForm.getByRole('button').click();
  await expect(page.getByTestId('mail-sent')).toContainText(member.email);
  await screenshot(page, testInfo, 'reset-mail-sent');

  const mail = await waitForMail(member.email, since);
  const link = /https?:\/\/\S+\/mail\/resetPassword\?\S+/.exec(mail)?.[0];
  expect(link, 'the mail holds the reset link').toBeTruthy();
  const { pathname, search } = new URL(link ?? '');
  await page.goto(`${pathname}${search}`);

  const form = page.getByTestId('new-password-form');
  await expect(form).toBeVisible();
  const newPassword = 'Nouveau-mot2passe';
  await page.locator('#new-password').fill('abc');
  await expect(page.getByTestId('rule-length')).toHaveAttribute('data-met', 'false');
  await page.locator('#new-password').fill(newPassword);
  for (const rule of ['length', 'classes', 'noSpaces'])
    await expect(page.getByTestId(`rule-${rule}`)).toHaveAttribute('data-met', 'true');
  await page.locator('#confirm-password').fill(`${newPassword}x`);
  await form.getByRole('button').click();
  await expectFieldError(page, 'confirm-password');
  await screenshot(page, testInfo, 'reset-mismatch');

  await page.locator('#confirm-password').fill(newPassword);
  await form.getByRole('button').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await expect(page.getByTestId('to-login')).toHaveAttribute('href', '/user/login');
  await screenshot(page, testInfo, 'reset-done');

  // The old password no longer works; the new one does, and member pages open.
  expect(await logInWith(page, member.email, member.password)).toBe('INCORRECT_PASSWORD');
  await logIn(page, { email: member.email, password: newPassword });
  await page.goto('/user/changePassword');
  await expect(page).toHaveURL(/\/user\/changePassword$/);
  const change = page.getByTestId('change-password-form');
  await expect(change).toBeVisible();
  // Checked before the wrong password below, whose 401 answer the browser logs as an error.
  expect(errors).toEqual([]);

  // Changing it again: a wrong current password is reported on its field, then the change works.
  await page.locator('#old-password').fill('not-the-password1');
  await page.locator('#new-password').fill('Encore-un-autre3');
  await expect(page.getByTestId('rule-differs')).toHaveAttribute('data-met', 'true');
  await page.locator('#confirm-password').fill('Encore-un-autre3');
  await change.getByRole('button').click();
  await expectFieldError(page, 'old-password');
  await page.locator('#old-password').fill(newPassword);
  await change.getByRole('button').click();
  await expect(page.getByTestId('password-changed')).toBeVisible();
  await screenshot(page, testInfo, 'password-changed');
  expect(await logInWith(page, member.email, 'Encore-un-autre3')).toBeNull();
});

test('a member resets the password by SMS with a code that shows its 10-minute timer', async ({ page }, testInfo) => {
  const phone = uniquePhone();
  const member = await createMember({ tag: 'reset-sms', phone });
  await page.goto('/mail/resetPassword');
  await page.getByTestId('reset-mode-sms').click();
  const since = Date.now() - 1;
  // Typed the way people write a French mobile number; the country code is preselected.
  await page
    .locator('#reset-phone')
    .fill(`0${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`);
  await page.getByTestId('reset-sms-form').getByRole('button').click();
  await expect(page.getByTestId('sms-timer')).toHaveText(/^(10:00|09:5\d)$/);
  await expect(page.locator('#reset-code')).toBeFocused();
  await screenshot(page, testInfo, 'sms-code');

  const code = codeIn(await waitForSms(phone, since));
  await page.locator('#reset-code').fill(code);
  await page.getByTestId('sms-verify').click();
  await expect(page.getByTestId('sms-verified')).toBeVisible();
  const newPassword = 'Sms-reset-42';
  await page.locator('#new-password').fill(newPassword);
  await page.locator('#confirm-password').fill(newPassword);
  await page.getByTestId('new-password-form').getByRole('button').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await logIn(page, { email: member.email, password: newPassword });
});

test('when the SMS code runs out, verifying is replaced by sending a new code', async ({ page }, testInfo) => {
  const phone = uniquePhone();
  await createMember({ tag: 'sms-expiry', phone });
  await page.clock.install();
  await page.goto('/mail/resetPassword');
  await page.getByTestId('reset-mode-sms').click();
  await page.locator('#reset-phone').fill(phone);
  await page.getByTestId('reset-sms-form').getByRole('button').click();
  await expect(page.getByTestId('sms-verify')).toBeVisible();
  await expect(page.getByTestId('sms-send-again')).toHaveCount(0);

  await page.clock.fastForward('10:01');
  await expect(page.getByTestId('sms-timer')).toHaveText('00:00');
  await expect(page.getByTestId('sms-expired')).toBeVisible();
  await expect(page.getByTestId('sms-verify')).toHaveCount(0);
  await expect(page.getByTestId('sms-send-again')).toBeVisible();
  await expect(page.locator('#reset-code')).toBeDisabled();
  await screenshot(page, testInfo, 'sms-expired');
});

test('a push setting is saved as soon as it is switched and stays after a reload', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'push' });
  await logIn(page, member);
  await page.goto('/setting/push');
  await expect(page).toHaveURL(/\/setting\/push$/);

  const events = page.getByTestId('push-events');
  await expect(events).toHaveRole('switch');
  await expect(events).toHaveAccessibleName(/\S/);
  const box = await events.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([50, 30]);

  const before = (await events.getAttribute('aria-checked')) === 'true';
  await events.click();
  await expect(events).toHaveAttribute('aria-checked', String(!before));
  await expect(events).not.toHaveAttribute('aria-busy', 'true');
  const mail = page.getByTestId('agree-mail');
  const mailBefore = (await mail.getAttribute('aria-checked')) === 'true';
  await mail.click();
  await expect(mail).toHaveAttribute('aria-checked', String(!mailBefore));
  await expect(mail).not.toHaveAttribute('aria-busy', 'true');
  await screenshot(page, testInfo, 'push-switched');

  await page.reload();
  await expect(page.getByTestId('push-events')).toHaveAttribute('aria-checked', String(!before));
  await expect(page.getByTestId('agree-mail')).toHaveAttribute('aria-checked', String(!mailBefore));
  await expect(page.getByTestId('push-events-failed')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the adult popup asks to check an under-age date, and an adult date opens an adult series', async ({
  page,
}, testInfo) => {
  const member = await createMember({ tag: 'adult' });
  const seriesId = await findAdultSeriesId();
  await logIn(page, member);
  await page.goto(`/detail/${seriesId}`);
  await expect(page.getByTestId('adult-gate')).toBeVisible();

  // Opened at once: a modal dialog above the page, within the modal layers, focus inside.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toHaveAccessibleName(/\S/);
  await expect(page.getByTestId('adult-year')).toBeFocused();
  const z = await dialog.evaluate((el) => Number(getComputedStyle(el.parentElement as Element).zIndex));
  expect(z).toBeGreaterThanOrEqual(2000);
  expect(z).toBeLessThanOrEqual(5000);
  await screenshot(page, testInfo, 'adult-popup');

  // Escape closes it; the gate's button opens it again and gets the focus back after.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const verify = page.getByTestId('adult-gate-verify');
  await verify.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(verify).toBeFocused();
  await verify.click();
  await expect(dialog).toBeVisible();

  const thisYear = new Date().getFullYear();
  await page.getByTestId('adult-year').selectOption(String(thisYear - 10));
  await page.getByTestId('adult-month').selectOption('6');
  await page.getByTestId('adult-day-15').click();
  await expect(page.getByTestId('adult-day-15')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('adult-confirm').click();
  await expect(page.getByTestId('adult-underAge')).toBeVisible();
  await screenshot(page, testInfo, 'adult-under-age');

  await page.getByTestId('adult-year').selectOption(String(thisYear - 30));
  await page.getByTestId('adult-day-15').click();
  await expect(page.getByTestId('adult-underAge')).toHaveCount(0);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('adult-confirm').click()]);

  // The date was stored and adult display switched on (spec §4 adult auth).
  const user = await api<{ isAdult: boolean; showAdult: boolean; birthedAt: string | null }>('POST', '/user', {
    token: member.accessToken,
  });
  expect([user.isAdult, user.showAdult, user.birthedAt]).toEqual([true, true, `${thisYear - 30}-06-15`]);
  await expect(page.getByTestId('adult-gate')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'adult-unlocked');
});

test('a member renames the profile, then deletes the account and is signed out', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'withdraw' });
  await logIn(page, member);
  await page.goto('/my/profile');
  await page.locator('#nickname').fill('Lectrice 42');
  await page.getByTestId('nickname-form').getByRole('button').click();
  await expect(page.getByTestId('nickname-saved')).toBeVisible();
  // Not verified yet: adult display cannot be switched on, the age check is offered instead.
  await expect(page.getByTestId('display-adult')).toBeDisabled();
  await expect(page.getByTestId('verify-age')).toBeVisible();
  await page.reload();
  await expect(page.locator('#nickname')).toHaveValue('Lectrice 42');
  await screenshot(page, testInfo, 'profile');

  await page.goto('/my/withdrawal');
  const form = page.getByTestId('withdrawal-form');
  await page.getByTestId('withdrawal-submit').click();
  await expect(page.locator('#withdrawal-reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#withdrawal-reason')).toBeFocused();
  await page.locator('#withdrawal-reason').selectOption('PRIVACY');
  await page.locator('#withdrawal-password').fill(member.password);
  await page.getByTestId('withdrawal-submit').click();
  await expect(page.getByTestId('withdrawal-confirm')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('withdrawal-confirm').check();
  await screenshot(page, testInfo, 'withdrawal-form');
  await page.getByTestId('withdrawal-submit').click();
  await expect(page.getByTestId('withdrawal-done')).toBeVisible();
  await expect(form).toHaveCount(0);
  await screenshot(page, testInfo, 'withdrawal-done');

  // The session is over: member pages send the visitor to login, and the account is gone.
  await page.goto('/setting/push');
  await expect(page).toHaveURL(/\/user\/login\?/);
  expect(await logInWith(page, member.email, member.password)).not.toBeNull();
  expect(errors).toEqual([]);
});

test("the settings screen clears this browser's cache and shows the account, the version, the policies and the company", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'settings' });
  await logIn(page, member);
  await page.goto('/setting/push');
  await expect(page.getByTestId('settings-identity')).toContainText(member.email);
  await expect(page.getByTestId('settings-withdrawal')).toHaveAttribute('href', '/my/withdrawal');
  await expect(page.getByTestId('app-version')).toContainText(/\d+\.\d+\.\d+/);
  await expect(page.locator('main [href="/policy"]')).toBeVisible();
  await expect(page.locator('main [href="/privacy"]')).toBeVisible();
  await expect(page.getByTestId('company-details')).toBeVisible();

  // What can be rebuilt goes; the reader's viewer settings stay.
  await page.evaluate(async () => {
    localStorage.setItem('balcony:recent-searches:delitoonb-fr', JSON.stringify(['moon']));
    localStorage.setItem('balcony:reading-positions:delitoonb-fr', JSON.stringify({}));
    // biome-ignore lint/suspicious/noDocumentCookie: the reader's viewer settings, as the viewer keeps them
    document.cookie = 'viewer-settings=PAPER.SINGLE.sans.1; Path=/';
    await (await caches.open('pages')).put('/cached', new Response('kept'));
  });
  await page.getByTestId('clear-cache').click();
  await expect(page.getByTestId('clear-cache-status')).not.toBeEmpty();
  await expect(page.getByTestId('storage-used')).not.toBeEmpty();
  expect(
    await page.evaluate(async () => ({
      searches: localStorage.getItem('balcony:recent-searches:delitoonb-fr'),
      positions: localStorage.getItem('balcony:reading-positions:delitoonb-fr'),
      settings: document.cookie.includes('viewer-settings=PAPER.SINGLE.sans.1'),
      caches: await caches.keys(),
    })),
  ).toEqual({ searches: null, positions: null, settings: true, caches: [] });
  await screenshot(page, testInfo, 'settings');
  expect(errors).toEqual([]);
});

test('every link on the My page of a member leads to a page that answers 200', async ({ page }) => {
  await logIn(page, await createMember({ tag: 'my-links' }));
  await page.goto('/my');
  await expect(page.getByTestId('my-member')).toBeVisible();
  const hrefs = await page
    .locator('main a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
  expect(hrefs.length).toBeGreaterThanOrEqual(12);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    // A member page answers itself, not the login page.
    expect(new URL(response.url()).pathname, href).not.toBe('/user/login');
  }
});
