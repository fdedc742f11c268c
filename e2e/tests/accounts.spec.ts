import { expect, type Page, test } from '@playwright/test';
import { codeIn, createMember, logIn, SIGN_UP_REWARD, uniqueEmail, waitForMail } from './support/member';
import { screenshot } from './support/page';

// Accounts on the default brand (delitoonb-fr, French): sign-up with the mailed code, login and
// its failures, logout across tabs, the session cookie, silent token renewal and the way back
// after a login-required page. Texts are translated, so elements are found by role, id or
// data-testid (messages also by their code), never by their words. Members other than the one
// signing up through the form are made over HTTP (support/member.ts).

/** Uncaught script errors fail a journey (failed requests answered 4xx on purpose do not). */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** An input is invalid and its error message is read with it. */
async function expectFieldError(page: Page, id: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`\\b${id}-error\\b`));
  await expect(page.locator(`#${id}-error`)).not.toBeEmpty();
}

async function sessionCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'balcony_session')?.value;
}

test('a reader signs up with the mailed code, changes the password, logs out and logs in with the new one', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  const email = uniqueEmail('signup');
  const password = 'Webtoon-2025';
  const newPassword = 'Bulles-2026!';

  await page.goto('/user/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing filled in: every field says what is missing, tied to it.
  await page.getByTestId('signup-submit').click();
  await expectFieldError(page, 'signup-email');
  await expect(page.locator('#signup-email')).toBeFocused();
  await expectFieldError(page, 'signup-password');
  await expectFieldError(page, 'signup-terms');

  // The password rules follow the typing (spec §5: 8–20 characters, two kinds of characters).
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill('abc');
  await expect(page.getByTestId('rule-length')).toHaveAttribute('data-met', 'false');
  await expect(page.getByTestId('rule-classes')).toHaveAttribute('data-met', 'false');
  await page.locator('#signup-password').fill(password);
  await expect(page.getByTestId('rule-length')).toHaveAttribute('data-met', 'true');
  await expect(page.getByTestId('rule-classes')).toHaveAttribute('data-met', 'true');
  await page.locator('#signup-confirm').fill(`${password}x`);
  await page.locator('#signup-confirm').blur();
  await expectFieldError(page, 'signup-confirm');
  await page.locator('#signup-confirm').fill(password);
  await expect(page.locator('#signup-confirm')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('signup-terms').check();
  await screenshot(page, testInfo, 'signup-form');

  const since = Date.now() - 1;
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-code-step')).toBeVisible();
  const codeInput = page.locator('#signup-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByTestId('signup-code-step')).toContainText(email);
  await screenshot(page, testInfo, 'signup-code');

  // A code that is not 6 digits is refused before it is sent.
  await codeInput.fill('12');
  await page.getByTestId('signup-verify').click();
  await expectFieldError(page, 'signup-code');

  await codeInput.fill(codeIn(await waitForMail(email, since)));
  await page.getByTestId('signup-verify').click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/my');
  await expect(page.getByTestId('my-email')).toHaveText(email);
  // Confirming the address gave the 10 free coins of the sign-up mail reward.
  await expect(page.getByTestId('my-coins')).toHaveText(String(SIGN_UP_REWARD));
  await expect(page.getByTestId('my-link-library')).toBeVisible();
  await screenshot(page, testInfo, 'my-member');

  // Change the password on its page (linked from My page).
  await page.getByTestId('my-change-password').click();
  await page.waitForURL((url) => url.pathname === '/user/changePassword');
  await page.locator('#old-password').fill(password);
  await page.locator('#new-password').fill(newPassword);
  await page.locator('#confirm-password').fill(newPassword);
  await page.getByTestId('change-password-form').getByRole('button').click();
  await expect(page.getByTestId('password-changed')).toBeVisible();

  // Log out (spec §4): the api's logout, then the logout-success callback.
  await page.goto('/my');
  await page.getByTestId('logout').click();
  await page.waitForURL((url) => url.pathname === '/callback/logout-success');
  await expect(page.getByTestId('logout-success')).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();
  await screenshot(page, testInfo, 'logout-success');

  // The old password no longer works; the new one does, and the login returns to its callback.
  await page.goto('/user/login?callback=%2Fmy');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expectFieldError(page, 'login-password');
  await page.locator('#login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/my');
  await expect(page.getByTestId('my-email')).toHaveText(email);
  expect(errors).toEqual([]);
});

test('the login form checks its fields, and the sixth wrong password shows the lock', async ({ page }, testInfo) => {
  const member = await createMember({ tag: 'lock' });
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const submit = page.getByTestId('login-submit');
  // Spec §9: the buttons of the login list are 48 px high.
  expect((await submit.boundingBox())?.height).toBeCloseTo(48, 0);
  await expect(page.getByTestId('login-signup')).toHaveAttribute('href', '/user/signup');
  await expect(page.getByTestId('login-reset-password')).toHaveAttribute('href', '/mail/resetPassword');

  // Spec §5: "e-mail required" and "enter a password", before anything is sent.
  await submit.click();
  await expectFieldError(page, 'login-email');
  await expectFieldError(page, 'login-password');
  await expect(page.locator('#login-email')).toBeFocused();
  await screenshot(page, testInfo, 'login-empty');

  await page.locator('#login-email').fill(member.email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.locator('#login-password').fill(`Wrong-pass${attempt}`);
    await submit.click();
    await expectFieldError(page, 'login-password');
    await expect(submit).toBeEnabled();
  }
  await page.locator('#login-password').fill('Wrong-pass6');
  await submit.click();
  const locked = page.getByTestId('login-error');
  await expect(locked).toHaveAttribute('data-code', 'EXCEED_AUTH_COUNT');
  await expect(locked).toHaveAttribute('role', 'alert');
  await expect(locked).not.toBeEmpty();
  await screenshot(page, testInfo, 'login-locked');

  // Locked means locked: the right password is refused too for the hour.
  await page.locator('#login-password').fill(member.password);
  await submit.click();
  await expect(locked).toHaveAttribute('data-code', 'EXCEED_AUTH_COUNT');
  expect(page.url()).toContain('/user/login');
});

test('logging out in one tab turns My page into the guest view in another tab without a reload', async ({
  context,
}) => {
  const member = await createMember({ tag: 'tabs' });
  const first = await context.newPage();
  await logIn(first, member);
  const second = await context.newPage();
  await second.goto('/my');
  await expect(second.getByTestId('my-email')).toHaveText(member.email);
  // A mark on the open document: it survives only if the tab is not reloaded.
  await second.evaluate(() => {
    (window as Window & { stayed?: boolean }).stayed = true;
  });

  await first.goto('/my');
  await first.getByTestId('logout').click();
  await first.waitForURL((url) => url.pathname === '/callback/logout-success');

  // Spec §4: sign-out is broadcast to the other tabs (BroadcastChannel), which refetch the session.
  await expect(second.getByTestId('my-guest')).toBeVisible();
  await expect(second.getByTestId('my-email')).toHaveCount(0);
  await expect(second.getByTestId('my-link-library')).toHaveCount(0);
  await expect(second.getByTestId('my-link-notice')).toBeVisible();
  await expect(second.getByTestId('my-login')).toHaveAttribute('href', '/user/login?callback=%2Fmy');
  expect(await second.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
  expect(second.url()).toMatch(/\/my$/);
});

test('page scripts never see a token', async ({ page }) => {
  const member = await createMember({ tag: 'cookie' });
  await logIn(page, member);
  const sessionAnswers: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/auth/session') sessionAnswers.push(await response.text());
  });
  await page.goto('/my');
  await expect(page.getByTestId('my-email')).toHaveText(member.email);

  // The sealed session cookie exists, but only for the server.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'balcony_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain('balcony_session');
  expect(visible).not.toContain('eyJ');
  expect(visible.toLowerCase()).not.toContain('token=');
  // What scripts may read are short flags, never a token-sized value.
  for (const pair of visible.split(';').filter((p) => p.trim())) {
    expect(pair.trim().length, pair).toBeLessThan(64);
  }

  // The session the page fetches (spec §7 GET session) has the user and coin, not the tokens.
  const fetched = await page.evaluate(async () => (await fetch('/api/auth/session')).text());
  sessionAnswers.push(fetched);
  for (const answer of sessionAnswers) {
    expect(answer).toContain(member.email);
    expect(answer).not.toContain('eyJ');
    expect(answer).not.toMatch(/accessToken|refreshToken/i);
  }
  // Nor does the page itself carry them (the server render hands the session to the client).
  const html = await page.content();
  expect(html).not.toContain('eyJ');
  expect(html).not.toMatch(/accessToken|refreshToken/);
});

test('an access token close to expiry is renewed silently while the member keeps browsing', async ({ page }) => {
  const member = await createMember({ tag: 'renew' });
  await logIn(page, member);
  let previous = await sessionCookie(page);
  expect(previous).toBeDefined();
  // ACCESS_TOKEN_TTL is 301 s in the e2e server: a second after it was issued, a token has 5
  // minutes or less left, and the next page load renews it (spec §4 token check).
  for (let round = 0; round < 3; round++) {
    await expect
      .poll(
        async () => {
          await page.goto('/my');
          return await sessionCookie(page);
        },
        { intervals: [500, 500, 1000], timeout: 15_000 },
      )
      .not.toBe(previous);
    await expect(page.getByTestId('my-email')).toHaveText(member.email);
    const renewed = (await page.context().cookies()).find((cookie) => cookie.name === 'token_renewed');
    expect(renewed?.value).toBe('1');
    previous = await sessionCookie(page);
  }
  // The renewed session also serves the web's own endpoints.
  const answer = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(answer.user.email).toBe(member.email);
});

test('a visitor on a login-required page logs in and comes back to it', async ({ page }, testInfo) => {
  const member = await createMember({ tag: 'back' });
  await page.goto('/setting/push');
  // Spec §2: sign-in with SessionRequired and the way back, which the login route takes as `callback`.
  await page.waitForURL((url) => url.pathname === '/user/login');
  const url = new URL(page.url());
  expect(url.searchParams.get('callback')).toBe('/setting/push');
  expect(url.searchParams.get('error')).toBe('SessionRequired');
  const notice = page.getByTestId('login-notice');
  await expect(notice).toHaveAttribute('data-code', 'SessionRequired');
  await expect(notice).toHaveAttribute('role', 'status');
  await screenshot(page, testInfo, 'login-session-required');

  await page.locator('#login-email').fill(member.email);
  await page.locator('#login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((next) => next.pathname === '/setting/push');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(page.url()).not.toContain('/user/login');

  // A member who opens the login page again goes straight to its callback.
  await page.goto('/user/login?callback=%2Fmy');
  await page.waitForURL((next) => next.pathname === '/my');
  await expect(page.getByTestId('my-email')).toHaveText(member.email);
});

test('visitors see the guest My page, and the login callbacks explain what happened', async ({ page }, testInfo) => {
  await page.goto('/my');
  await expect(page.getByTestId('my-guest')).toBeVisible();
  for (const link of ['comment', 'library', 'history', 'coupon', 'setting'])
    await expect(page.getByTestId(`my-link-${link}`)).toHaveCount(0);
  for (const link of ['gift', 'cs', 'notice']) await expect(page.getByTestId(`my-link-${link}`)).toBeVisible();
  await expect(page.getByTestId('logout')).toHaveCount(0);
  await screenshot(page, testInfo, 'my-guest');

  await page.goto('/callback/login-error?error=OAuthCallbackError');
  await expect(page.getByTestId('login-error-message')).toHaveAttribute('data-code', 'OAuthCallbackError');
  await expect(page.getByTestId('back-to-login')).toHaveAttribute('href', '/user/login');
  await page.goto('/callback/login-error?error=NO_SUCH_CODE');
  await expect(page.getByTestId('login-error-message')).toHaveAttribute('data-code', 'UnknownError');

  // A social sign-up step without its ticket (expired, or opened directly) leads back to login.
  await page.goto('/callback/login-newuser?callbackUrl=%2Fmy');
  await expect(page.getByTestId('newuser-expired')).toBeVisible();
  await expect(page.getByTestId('newuser-screen').getByRole('link')).toHaveAttribute(
    'href',
    '/user/login?callback=%2Fmy',
  );

  // Facebook is not configured in the e2e api: its entry point falls back to the login page.
  await page.goto('/callback/facebook-login?callbackUrl=%2Fmy');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/my');
  await expect(page.getByTestId('login-facebook')).toHaveCount(0);
});

test('a first Google login asks for a nickname and the terms, then the new member is logged in', async ({
  page,
}, testInfo) => {
  // The e2e api knows Google through a real OpenID Connect provider on loopback (support/oidc-provider.mjs),
  // which signs a new person in each time.
  await page.goto('/user/login?callback=%2Fmy');
  await page.getByTestId('login-google').click();
  await page.waitForURL((url) => url.pathname === '/callback/login-newuser');
  await expect(page.getByTestId('newuser-email')).toContainText('@example.com');
  const nickname = page.locator('#newuser-nickname');
  await expect(nickname).not.toHaveValue('');

  // The terms are required; the nickname follows the profile rules.
  await nickname.fill('x');
  await page.getByTestId('newuser-submit').click();
  await expectFieldError(page, 'newuser-nickname');
  await nickname.fill('Lectrice BL');
  await page.getByTestId('newuser-submit').click();
  await expectFieldError(page, 'newuser-terms');
  await page.getByTestId('newuser-terms').check();
  await screenshot(page, testInfo, 'newuser');
  await page.getByTestId('newuser-submit').click();

  await page.waitForURL((url) => url.pathname === '/my');
  await expect(page.getByTestId('my-nickname')).toHaveText('Lectrice BL');
  // A social account has no password to change.
  await expect(page.getByTestId('my-change-password')).toHaveCount(0);

  // The sign-up ticket is spent: the step cannot be replayed.
  await page.goto('/callback/login-newuser');
  await expect(page.getByTestId('newuser-expired')).toBeVisible();
});
