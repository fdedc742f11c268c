import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminToken, api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Notices, the FAQ and the policies (issue 13): an admin publishes through the api and readers
// see it; a notice keeps its allowed formatting and loses its script; the FAQ opens from the
// keyboard and searches; the terms and privacy pages show their versions and the company; the
// series page shows the two latest notices; axe finds nothing serious on these pages.
// Texts are translated, so elements are found by data-testid or role, never by their words.

interface AdminNotice {
  id: number;
  title: string;
}
interface NoticePage {
  items: { id: number; title: string; pinned: boolean }[];
}
interface NoticeDetail {
  id: number;
  previous: { id: number } | null;
  next: { id: number } | null;
}

const unique = () => randomBytes(4).toString('hex');

/** A notice the e2e admin publishes now, with formatting, a script and traps for the sanitiser. */
async function publishFormattedNotice(word: string): Promise<AdminNotice> {
  return api<AdminNotice>('POST', '/admin/notices', {
    token: await adminToken(),
    body: {
      title: `Formatting ${word}`,
      body:
        '<div style="text-align:center" data-testid="centre">Centred line</div>' +
        `<div>Plain <span style="color:#c8003c;font-weight:bold">bold red ${word}</span>` +
        '<br /><a href="/faq" style="text-decoration:underline">to the FAQ</a></div>' +
        '<script>window.__pwned = "script"</script>' +
        '<img src="/nothing.png" onerror="window.__pwned = \'img\'">' +
        '<a href="javascript:window.__pwned = \'link\'">trap</a>',
    },
  });
}

test('a notice with allowed formatting renders with it, and nothing of its script runs', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const word = unique();
  const notice = await publishFormattedNotice(word);

  await page.goto(`/notice/detail/${notice.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Formatting ${word}`);
  const body = page.getByTestId('notice-body');
  const red = body.locator('span', { hasText: `bold red ${word}` });
  await expect(red).toHaveCSS('color', 'rgb(200, 0, 60)');
  await expect(red).toHaveCSS('font-weight', '700');
  await expect(body.locator('div', { hasText: 'Centred line' }).first()).toHaveCSS('text-align', 'center');
  await expect(body.getByRole('link', { name: 'to the FAQ' })).toHaveAttribute('href', '/faq');
  await expect(body.locator('a', { hasText: 'to the FAQ' })).toHaveCSS('text-decoration-line', 'underline');
  // The sanitiser left the text of the trap and nothing that runs.
  await expect(body.locator('a', { hasText: 'trap' })).not.toHaveAttribute('href', /.*/);
  await expect(body.locator('script, img, [onerror], [data-testid="centre"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  await screenshot(page, testInfo, 'notice-formatted');

  // Its link leads where it says.
  await body.getByRole('link', { name: 'to the FAQ' }).click();
  await page.waitForURL((url) => url.pathname === '/faq');
  expect(errors).toEqual([]);
});

test('the notice list puts pinned notices first, and a notice leads to the ones beside it', async ({
  page,
}, testInfo) => {
  const notice = await publishFormattedNotice(unique());
  const list = await api<NoticePage>('GET', '/notices?size=10');

  await page.goto('/notice');
  const items = page.getByTestId('notice-item');
  await expect(items.first()).toHaveAttribute('data-notice-id', String(list.items[0]?.id));
  // The seed pins one notice per brand: it comes first, with its badge.
  await expect(items.first()).toHaveAttribute('data-pinned', 'true');
  const pinnedCount = list.items.filter((n) => n.pinned).length;
  expect(list.items.slice(0, pinnedCount).every((n) => n.pinned)).toBe(true);
  await expect(items.nth(pinnedCount)).toHaveAttribute('data-notice-id', String(notice.id));
  await screenshot(page, testInfo, 'notice-list');

  await items.nth(pinnedCount).getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/notice/detail/${notice.id}`);
  const detail = await api<NoticeDetail>('GET', `/notices/${notice.id}`);
  expect(detail.previous).not.toBeNull();
  expect(detail.next).not.toBeNull();
  await page.getByTestId('notice-next').click();
  await page.waitForURL((url) => url.pathname === `/notice/detail/${detail.next?.id}`);
  await page.getByTestId('notice-previous').click();
  await page.waitForURL((url) => url.pathname === `/notice/detail/${notice.id}`);
  await page.getByTestId('notice-back').click();
  await page.waitForURL((url) => url.pathname === '/notice');
});

test('the series page shows the two latest notices, each a link to it', async ({ page }) => {
  await publishFormattedNotice(unique());
  const latest = await api<NoticePage>('GET', '/notices?size=2');
  const ranking = await api<{ items: { id: number; isAdult: boolean }[] }>('GET', '/contents/home/RANKING');
  const series = ranking.items.find((s) => !s.isAdult);
  if (!series) throw new Error('no series to open');
  // A member's page is rendered for them, never a visitor's page kept for a while.
  await logIn(page, await createMember({ tag: 'notices' }));

  await page.goto(`/detail/${series.id}`);
  const shown = page.getByTestId('latest-notice');
  await expect(shown).toHaveCount(2);
  expect(await shown.evaluateAll((items) => items.map((i) => Number(i.getAttribute('data-notice-id'))))).toEqual(
    latest.items.map((n) => n.id),
  );
  const second = latest.items[1];
  if (!second) throw new Error('fewer than two notices');
  await shown.nth(1).getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/notice/detail/${second.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
});

test('a FAQ answer opens from the keyboard, and the search finds it by any case', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const token = await adminToken();
  const word = `zephyr${unique()}`;
  const category = await api<{ id: number }>('POST', '/admin/faq/categories', {
    token,
    body: { name: `Journeys ${word}`, position: 0 },
  });
  const entry = await api<{ id: number }>('POST', '/admin/faq/entries', {
    token,
    body: {
      categoryId: category.id,
      question: `Where is the ${word} lounge?`,
      answer: 'On the <span style="font-weight:bold">top floor</span>.<script>window.__pwned = 1</script>',
    },
  });

  await page.goto('/faq');
  const item = page.locator(`[data-testid="faq-entry"][data-entry-id="${entry.id}"]`);
  const question = item.getByTestId('faq-question');
  const answer = item.getByTestId('faq-answer');
  await expect(answer).toBeHidden();
  await question.focus();
  await expect(question).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await expect(answer.locator('span')).toHaveCSS('font-weight', '700');
  await expect(item).toHaveJSProperty('open', true);
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
  await screenshot(page, testInfo, 'faq');

  // The search form works as a plain GET; the upper-cased word still finds the entry, opened.
  await page.getByTestId('faq-query').fill(word.toUpperCase());
  await page.getByTestId('faq-query').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === word.toUpperCase());
  await expect(page.getByTestId('faq-entry')).toHaveCount(1);
  await expect(item.getByTestId('faq-answer')).toBeVisible();
  await expect(page.getByTestId('faq-status')).toBeVisible();
  await screenshot(page, testInfo, 'faq-search');

  await page.getByTestId('faq-query').fill(`nothing-${word}`);
  await page.getByTestId('faq-search').click();
  await page.waitForURL((url) => url.searchParams.get('q') === `nothing-${word}`);
  await expect(page.getByTestId('faq-entry')).toHaveCount(0);
  await expect(page.getByTestId('faq-status')).toBeVisible();
  await page.getByTestId('faq-show-all').click();
  await page.waitForURL((url) => url.pathname === '/faq' && !url.search);
  await expect(item).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('the terms and the privacy policy show their version in force, earlier ones and the company', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  for (const [path, kind] of [
    ['/policy', 'TERMS'],
    ['/privacy', 'PRIVACY'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const policy = page.getByTestId('policy');
    await expect(policy).toHaveAttribute('data-kind', kind);
    await expect(page.getByTestId('policy-body')).not.toBeEmpty();
    await expect(page.getByTestId('policy-in-force')).toBeVisible();
    await expect(page.getByTestId('policy-company')).toBeVisible();
    await expect(page.getByTestId('policy-versions').locator('li[data-status="CURRENT"]')).toHaveCount(1);
    await screenshot(page, testInfo, `policy-${kind.toLowerCase()}`);
  }

  // The seeded terms have an earlier version: its page says which one is in force now.
  await page.goto('/policy');
  const current = Number(await page.getByTestId('policy').getAttribute('data-version'));
  expect(current).toBeGreaterThan(1);
  await page.getByTestId('policy-versions').locator('li[data-status="PAST"] a').first().click();
  await page.waitForURL((url) => url.pathname === '/policy' && url.searchParams.has('version'));
  await expect(page.getByTestId('policy')).not.toHaveAttribute('data-version', String(current));
  await page.getByTestId('policy-current').click();
  await page.waitForURL((url) => url.pathname === '/policy' && !url.search);
  await expect(page.getByTestId('policy')).toHaveAttribute('data-version', String(current));
  expect(errors).toEqual([]);
});

test('the footer, the sign-up consent and My page lead to these pages', async ({ page }) => {
  await page.goto('/user/signup');
  const consent = page.locator('label[for="signup-terms"]');
  await expect(consent.locator('a[href="/policy"]')).toHaveCount(1);
  await expect(consent.locator('a[href="/privacy"]')).toHaveCount(1);

  for (const [testId, path] of [
    ['footer-terms', '/policy'],
    ['footer-privacy', '/privacy'],
    ['footer-notices', '/notice'],
    ['footer-faq', '/faq'],
  ] as const) {
    await page.getByTestId(testId).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  for (const [link, path] of [
    ['notice', '/notice'],
    ['cs', '/faq'],
  ] as const) {
    await page.goto('/my');
    await expect(page.getByTestId(`my-link-${link}`)).toHaveAttribute('href', path);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('axe finds no serious or critical violation on the notice, FAQ and policy pages', async ({ page }) => {
  const notice = await publishFormattedNotice(unique());
  for (const path of ['/notice', `/notice/detail/${notice.id}`, '/faq', '/faq?q=coin', '/policy', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // An opened answer too.
  await page.goto('/faq');
  await page.getByTestId('faq-question').first().click();
  expect(await seriousViolations(page), '/faq with an answer open').toEqual([]);
});
