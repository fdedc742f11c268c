import { expect, test } from '@playwright/test';
import { createMember, logIn, SIGN_UP_REWARD } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Events (issue 16 item 1) on the demo's events of the brand (the seed runs an attendance check,
// a roulette and an emoticon event in every brand): a member checks in and sees the coins in the
// header and the history; then spins the roulette with the ticket the check-in gave and sees the
// prize the server drew. Visitors see the events and are sent to log in to act.
// Texts are translated, so elements are found by data-testid or role, never by their words.

/** The demo check-in gives 2 free coins and a roulette ticket each day (apps/api/src/db/seed/events.ts). */
const DAILY_COINS = 2;

test('a member checks in, sees the coins, then spins the roulette and sees the prize', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'events' });
  await logIn(page, member);

  await page.goto('/event');
  const attendance = page.locator('[data-testid="event-card"][data-kind="ATTENDANCE"]');
  await expect(attendance).toHaveCount(1);
  await expect(page.getByTestId('header-coins-total')).toHaveText(String(SIGN_UP_REWARD));
  expect(await seriousViolations(page)).toEqual([]);
  const stamp = attendance.getByTestId('attendance-stamp');
  await expect(stamp).toBeEnabled();
  await stamp.click();
  await expect(page.getByTestId('header-coins-total')).toHaveText(String(SIGN_UP_REWARD + DAILY_COINS));
  await expect(stamp).toBeDisabled();
  await expect(attendance.locator('[data-testid="attendance-calendar"] [data-stamped]')).toHaveCount(1);
  await screenshot(page, testInfo, 'event-attendance-stamped');

  // A second visit the same day: already stamped, nothing more to take.
  await page.reload();
  await expect(
    page.locator('[data-testid="event-card"][data-kind="ATTENDANCE"]').getByTestId('attendance-stamp'),
  ).toBeDisabled();

  await page.goto('/history/charge');
  await expect(page.locator('[data-testid="history-entry"][data-title="EVENT_ATTENDANCE"]')).toHaveCount(1);

  // The check-in's ticket plays the roulette; the prize arrives in the header.
  await page.goto('/roulette');
  const wheel = page.getByTestId('roulette-event');
  await expect(wheel.getByTestId('roulette-tickets')).toContainText('1');
  expect(await seriousViolations(page)).toEqual([]);
  await wheel.getByTestId('roulette-spin').click();
  const result = wheel.getByTestId('roulette-result');
  await expect(result).toHaveAttribute('data-prize-amount', /^\d+$/);
  const prize = Number(await result.getAttribute('data-prize-amount'));
  await expect(result).not.toBeEmpty();
  await expect(page.getByTestId('header-coins-total')).toHaveText(String(SIGN_UP_REWARD + DAILY_COINS + prize));
  await expect(wheel.getByTestId('roulette-spin')).toBeDisabled();
  await expect(wheel.getByTestId('roulette-history').locator('li')).toHaveCount(1);
  await screenshot(page, testInfo, 'roulette-prize');
  expect(errors).toEqual([]);
});

test('a visitor sees the events and the benefits, and is sent to log in to take part', async ({ page }) => {
  await page.goto('/benefit');
  await expect(page.getByTestId('benefit-event')).toHaveCount(3);
  await expect(page.getByTestId('event-rewards').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/event');
  await expect(page.getByTestId('event-card')).toHaveCount(3);
  await page.locator('[data-testid="event-card"][data-kind="ATTENDANCE"]').getByTestId('event-login').click();
  await page.waitForURL((url) => url.pathname === '/user/login' && url.searchParams.get('callback') === '/event');
});

test('the My page links to the roulette', async ({ page }) => {
  await page.goto('/my');
  await page.locator('a[href="/roulette"]').first().click();
  await page.waitForURL((url) => url.pathname === '/roulette');
  await expect(page.getByTestId('roulette-event')).toHaveCount(1);
});
