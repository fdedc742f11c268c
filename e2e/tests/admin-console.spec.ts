import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { API_HEADERS, API_URL, adminToken, api, createMember, logIn, logInWith } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// The admin console (issue 15) in Chromium, on its own origin beside the reader web: an admin
// logs in with a TOTP code and publishes a scheduled episode on two brands; a coupon batch made
// in the console is registered by a reader; a contact request answered in the console is seen by
// its reader; the dashboard shows a purchase just made; an event made in the console is played by a
// reader and counted. The console is a desktop tool, so these
// journeys run in the desktop project only. Its texts are English here (the browser's language).

const CONSOLE_URL = 'http://127.0.0.1:3101';
const READER_FR = 'http://127.0.0.1:3100';
const READER_TH = 'http://th.localhost:3100';

test.skip(({ isMobile }) => isMobile, 'the console is used on a desktop');

test.beforeAll(async () => {
  // The console starts right after the web, which is what playwright.config.ts waits for.
  await expect
    .poll(async () => (await fetch(`${CONSOLE_URL}/_/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
});

interface NewAdmin {
  email: string;
  password: string;
  totpSecret: string;
}

/** An admin with `roles`, created by the run's OWNER through the admin API, as the Admins page does. */
async function newAdmin(roles: string[], tag: string): Promise<NewAdmin> {
  const made = await api<{ password: string; totpSecret: string; account: { email: string } }>(
    'POST',
    '/admin/accounts',
    {
      token: await adminToken(),
      body: { email: `${tag}-${Date.now()}@console.example.com`, name: `E2E ${tag}`, roles },
    },
  );
  return { email: made.account.email, password: made.password, totpSecret: made.totpSecret };
}

/** Logs in on the console's form with the password and the authenticator's current code. */
async function consoleLogIn(page: Page, admin: NewAdmin): Promise<void> {
  await page.goto(`${CONSOLE_URL}/`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByLabel('Authenticator code').fill(await generate({ secret: admin.totpSecret }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console areas' })).toBeVisible();
  // The session is an httpOnly cookie: page scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('balcony_admin=');
}

/** A page image of a given height, as an artist's export would be. */
function pageImage(n: number): Promise<Buffer> {
  const hue = (n * 57) % 360;
  return sharp({ create: { width: 720, height: 1100, channels: 3, background: `hsl(${hue}, 60%, 55%)` } })
    .png()
    .toBuffer();
}

/** `at` as a datetime-local value in `timeZone`, to the second. */
function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Whether a visitor of `origin` sees the episode on the series page (the page is read afresh each time). */
async function readerSees(browser: Browser, origin: string, seriesId: number, episodeId: number): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(`${origin}/detail/${seriesId}`);
    if (response?.status() !== 200) return false;
    return (await page.locator(`#episode-${episodeId}`).count()) > 0;
  } finally {
    await context.close();
  }
}

test('an admin logs in with TOTP, creates a series on two brands, uploads five pages and schedules the episode', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  const editor = await newAdmin(['CONTENT'], 'editor');
  await consoleLogIn(page, editor);
  // A CONTENT admin sees only the areas of the role.
  const nav = page.getByRole('navigation', { name: 'Console areas' });
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Rewards' })).toHaveCount(0);

  await page.goto(`${CONSOLE_URL}/content/series/new`);
  const slug = `e2e-console-${Date.now()}`;
  await page.getByLabel('Slug (address)').fill(slug);
  await page.getByLabel('Original title').fill('Console Journey');
  await page.getByLabel('Synopsis', { exact: true }).fill('A series published from the admin console.');
  await page.getByRole('group', { name: 'Creators' }).getByLabel('Name').fill('Ana Console');
  await page.getByLabel('Friday').check();
  await page.getByLabel('Upload a cover').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await pageImage(0),
  });
  await expect(page.getByRole('img', { name: 'Cover of the series' })).toBeVisible();
  for (const [brand, title] of [
    ['delitoonb-fr', 'Le voyage de la console'],
    ['bom-th', 'การเดินทางของคอนโซล'],
  ] as const) {
    await page.getByLabel(`Show on ${brand}`, { exact: true }).check();
    const settings = page.locator('div', { has: page.getByLabel(`Show on ${brand}`, { exact: true }) }).last();
    await settings.getByLabel('Title on this brand').fill(title);
  }
  await page.getByRole('button', { name: 'Save the series' }).click();
  await page.waitForURL(/\/content\/series\/\d+$/);
  const seriesId = Number(/\/content\/series\/(\d+)$/.exec(page.url())?.[1]);

  await page.getByRole('link', { name: 'New episode' }).click();
  await page.getByLabel('Number').fill('1');
  await page.getByLabel('Title', { exact: true }).fill('The first scheduled episode');
  await page.getByLabel('Free', { exact: true }).check();
  await page.getByLabel('Publish at a time').check();
  // A day ahead while the pages go up and the readers look: no step races the clock.
  await page.getByLabel(/^Time \(/).fill(localTime(new Date(Date.now() + 86_400_000), 'Europe/Paris'));
  await page.getByRole('button', { name: 'Save the episode' }).click();
  await page.waitForURL(/\/content\/episodes\/\d+$/);
  const episodeId = Number(/\/content\/episodes\/(\d+)$/.exec(page.url())?.[1]);

  // Five pages at once; each file and the whole show their progress, then the pages are listed.
  await page.getByTestId('page-files').setInputFiles(
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => ({
        name: `page-${n}.png`,
        mimeType: 'image/png',
        buffer: await pageImage(n),
      })),
    ),
  );
  await expect(page.getByTestId('page-list').getByRole('listitem')).toHaveCount(5, { timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'console-episode-pages');

  // Before its time, neither brand's readers see it.
  expect(await readerSees(browser, READER_FR, seriesId, episodeId)).toBe(false);
  expect(await readerSees(browser, READER_TH, seriesId, episodeId)).toBe(false);

  // Brought forward to a few seconds from now. The readers look again at once, so that the api's
  // cached answers and the visitors' kept pages are made before that time (on a slow machine they
  // may already show it). At its time the api's publication clock drops them (decision 0287), so
  // both brands show it to a visitor within seconds, not when the caches would have ended.
  const publishAt = new Date(Date.now() + 15_000);
  await page.getByLabel(/^Time \(/).fill(localTime(publishAt, 'Europe/Paris'));
  await page.getByRole('button', { name: 'Save the episode' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await Promise.all([READER_FR, READER_TH].map((origin) => readerSees(browser, origin, seriesId, episodeId)));
  for (const origin of [READER_FR, READER_TH]) {
    await expect
      .poll(() => readerSees(browser, origin, seriesId, episodeId), {
        timeout: Math.max(0, publishAt.getTime() - Date.now()) + 10_000,
        intervals: [1_000],
      })
      .toBe(true);
  }
  expect(errors).toEqual([]);
});

test('a coupon batch made in the console is registered by a reader', async ({ page, browser }, testInfo) => {
  const finance = await newAdmin(['FINANCE'], 'finance');
  await consoleLogIn(page, finance);
  await page.goto(`${CONSOLE_URL}/rewards`);
  const name = `E2E batch ${Date.now()}`;
  const create = page.locator('form', { has: page.getByRole('button', { name: 'Create coupon' }) });
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Kind').selectOption('COIN');
  await create.getByLabel('Coins', { exact: true }).fill('7');
  await create.getByLabel('A batch of single-use codes').check();
  await create.getByLabel('Number of codes').fill('3');
  await create.getByRole('button', { name: 'Create coupon' }).click();
  const codes = page.getByRole('textbox', { name: 'New codes' });
  await expect(codes).toBeVisible();
  const [code] = (await codes.inputValue()).split('\n');
  expect(code).toMatch(/\S{8,}/);
  await screenshot(page, testInfo, 'console-coupon-batch');

  const reader = await createMember({ tag: 'console-coupon' });
  const before = (await api<{ total: number }>('GET', '/coin', { token: reader.accessToken })).total;
  const context = await browser.newContext({ baseURL: READER_FR });
  const readerPage = await context.newPage();
  await logIn(readerPage, reader);
  await readerPage.goto('/coupon');
  await readerPage.getByTestId('coupon-code').fill(code ?? '');
  await readerPage.getByTestId('coupon-submit').click();
  await expect(readerPage.getByTestId('coupon-done')).not.toBeEmpty();
  await expect(readerPage.getByTestId('header-coins-total')).toHaveText(new Intl.NumberFormat('fr').format(before + 7));
  await context.close();
});

test('a contact request answered in the console is seen answered by its reader', async ({ page, browser }) => {
  const reader = await createMember({ tag: 'console-contact' });
  const title = `Missing coins ${Date.now()}`;
  // Filed as the reader's form does: a multipart form (the journey of contact.spec.ts files one in the page).
  const form = new FormData();
  form.set('category', 'PAYMENT');
  form.set('title', title);
  form.set('content', 'I paid and the coins never came.');
  const filedResponse = await fetch(`${API_URL}/qna`, {
    method: 'POST',
    headers: { ...API_HEADERS, authorization: `Bearer ${reader.accessToken}` },
    body: form,
  });
  const filed = ((await filedResponse.json()) as { data: { id: number } }).data;

  const support = await newAdmin(['SUPPORT'], 'support');
  await consoleLogIn(page, support);
  await page.goto(`${CONSOLE_URL}/support?tab=inbox&status=WAIT`);
  const request = page.locator('details', { hasText: title });
  await request.locator('summary').click();
  const answer = 'We found your payment: the coins are in your account now.';
  await request.getByLabel('Answer', { exact: true }).fill(answer);
  await request.getByRole('button', { name: 'Send answer' }).click();
  // It leaves the waiting list: the inbox confirms and shows it open among the answered requests.
  await expect(page.getByRole('status')).toHaveText(/The answer was sent/);
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(request).toHaveAttribute('open', '');
  await expect(request).toContainText(answer);

  const context = await browser.newContext({ baseURL: READER_FR });
  const readerPage = await context.newPage();
  await logIn(readerPage, reader);
  await readerPage.goto('/qna');
  const mine = readerPage.locator(`[data-testid="contact-request"][data-id="${filed.id}"]`);
  await expect(mine).toHaveAttribute('data-status', 'COMPLETED');
  await mine.locator('summary').click();
  await expect(mine.getByTestId('contact-answer-text')).toHaveText(answer);
  await context.close();
});

test('the dashboard shows a purchase just made', async ({ page }, testInfo) => {
  // A brand few journeys sell on; the day's figures before the purchase are read first, so the
  // test holds however many sales other runs made today.
  const brandId = 'delitoon-de';
  const finance = await newAdmin(['FINANCE'], 'dashboard');
  await consoleLogIn(page, finance);
  const sales = page.locator('#sales-table');
  const euros = sales.getByRole('row').filter({ hasText: 'EUR' });
  /** Today's paid orders and amount in cents (the default range) on that brand, as its filter sets it. */
  const soldToday = async () => {
    await page.goto(`${CONSOLE_URL}/dashboard?brands=${brandId}`);
    await expect(sales).toBeVisible();
    if ((await euros.count()) === 0) return { orders: 0, cents: 0 };
    // Cells after the day (a row header): currency, paid orders, amount.
    const cells = euros.getByRole('cell');
    const orders = Number(await cells.nth(1).textContent());
    const cents = Number((await cells.nth(2).textContent())?.replace(/\D/g, ''));
    return { orders, cents };
  };
  const before = await soldToday();

  const buyer = await createMember({ tag: 'console-sale', brandId });
  const { products } = await api<{ products: { id: number; price: number; firstPurchaseOnly: boolean }[] }>(
    'GET',
    '/shop/products',
    { token: buyer.accessToken, brandId },
  );
  const product = products.find((p) => !p.firstPurchaseOnly) ?? products[0];
  if (!product) throw new Error('the demo seed sells coins on every brand');
  const order = await api<{ id: number }>('POST', '/shop/orders', {
    token: buyer.accessToken,
    brandId,
    body: {
      productId: product.id,
      paymentMethod: 'SANDBOX',
      agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
      idempotencyKey: `console-sale-${Date.now()}`,
    },
  });
  await api('POST', `/shop/orders/${order.id}/sandbox`, {
    token: buyer.accessToken,
    brandId,
    body: { outcome: 'SUCCESS' },
  });

  await page.goto(`${CONSOLE_URL}/dashboard?brands=${brandId}`);
  await expect(euros).toHaveCount(1);
  await expect(euros.getByRole('cell').nth(1)).toHaveText(String(before.orders + 1));
  await expect(euros.getByRole('cell').nth(2)).toHaveText(
    new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format((before.cents + product.price) / 100),
  );
  await screenshot(page, testInfo, 'console-dashboard');
});

test('an event made in the console is played by a reader, and the console counts them', async ({
  page,
  browser,
}, testInfo) => {
  // The Thai brand: events.spec.ts counts the events of the default brand, none counts these.
  const brandId = 'bom-th';
  const timeZone = 'Asia/Bangkok';
  const editor = await newAdmin(['CONTENT'], 'events');
  await consoleLogIn(page, editor);
  await page.goto(`${CONSOLE_URL}/events`);
  await page.getByLabel('Brand', { exact: true }).selectOption(brandId);
  await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
  await expect(page.getByLabel('Brand', { exact: true })).toHaveValue(brandId);

  const title = `E2E check-in ${Date.now()}`;
  const create = page.locator('form', { has: page.getByRole('button', { name: 'Create', exact: true }) });
  await create.getByLabel('Kind').selectOption('ATTENDANCE');
  await create.getByLabel('Title', { exact: true }).fill(title);
  await create.getByLabel(`Starts (${timeZone})`).fill(localTime(new Date(Date.now() - 60_000), timeZone));
  await create.getByLabel(`Ends (${timeZone})`).fill(localTime(new Date(Date.now() + 24 * 3600_000), timeZone));
  // The first reward row: 3 free coins a check-in.
  await create.getByLabel('Reward 1').selectOption('freeEarn');
  await create.getByRole('combobox', { name: 'Type', exact: true }).first().selectOption('FREE_COIN');
  await create.getByRole('spinbutton', { name: 'Amount', exact: true }).first().fill('3');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('status')).toHaveText(`“${title}” created.`);
  const row = page.getByTestId('admin-event').filter({ hasText: title });
  // Cells after the title (a row header): kind, period, status, participants.
  await expect(row.getByRole('cell').nth(2)).toHaveText('Running');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'console-event-created');

  const reader = await createMember({ tag: 'console-event', brandId });
  const coins = async () =>
    (await api<{ total: number }>('GET', '/coin', { token: reader.accessToken, brandId })).total;
  const before = await coins();
  const context = await browser.newContext();
  try {
    const readerPage = await context.newPage();
    expect(await logInWith(readerPage, reader.email, reader.password, READER_TH)).toBeNull();
    await readerPage.goto(`${READER_TH}/event`);
    const card = readerPage.getByTestId('event-card').filter({ hasText: title });
    const stamp = card.getByTestId('attendance-stamp');
    await expect(stamp).toBeEnabled();
    await stamp.click();
    // The day is stamped on the calendar once the api has answered (the button is disabled sooner).
    await expect(card.locator('[data-testid="attendance-calendar"] [data-stamped]')).toHaveCount(1);
    await expect(stamp).toBeDisabled();
  } finally {
    await context.close();
  }
  expect(await coins()).toBe(before + 3);

  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
});
