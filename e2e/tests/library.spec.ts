import { expect, test } from '@playwright/test';
import { api, createMember, logIn, type Member } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Library journeys on the default brand (delitoonb-fr): favourites, reading history and the
// login the library requires (spec §6). Members are made and logged in over HTTP; texts are
// translated, so elements are found by role or data-testid, never by their words.

interface Card {
  id: number;
  title: string;
  isAdult: boolean;
}

interface Detail extends Card {
  episodes: { id: number; number: number; title: string; isFree: boolean }[];
}

/** The first `count` series of the ranking that a new member may open. */
async function rankedSeries(member: Member, count: number): Promise<Card[]> {
  const ranking = await api<{ items: Card[] }>('GET', '/contents/home/RANKING', { token: member.accessToken });
  const open = ranking.items.filter((item) => !item.isAdult).slice(0, count);
  expect(open).toHaveLength(count);
  return open;
}

test('a member favourites series, finds them in the library and removes one', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'favorites' });
  await logIn(page, member);
  const [first, second] = await rankedSeries(member, 2);
  if (!first || !second) throw new Error('the ranking lists two series');

  // One favourite from the series page, the other straight through the api.
  await page.goto(`/detail/${first.id}`);
  const toggle = page.getByTestId('favorite-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The toast confirms the api took it (the button turns at once).
  await expect(page.getByTestId('toast')).toBeVisible();
  await api('PUT', `/favorites/${second.id}`, { token: member.accessToken });

  // The library is linked from the My page (spec §2) and opens on the owned series, none yet.
  await page.goto('/my');
  await page.getByTestId('my-link-library').click();
  await page.waitForURL((url) => url.pathname === '/library/my');
  await expect(page.getByTestId('library-tab-my')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect(page.getByTestId('library-empty').getByRole('link')).toHaveAttribute('href', '/');

  await page.getByTestId('library-tab-favorite').click();
  await page.waitForURL((url) => url.pathname === '/library/favorite');
  const entries = page.getByTestId('library-entry');
  // Newest favourite first; each card leads to its series.
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(second.title);
  await expect(entries.nth(1)).toContainText(first.title);
  await expect(entries.nth(1).getByTestId('library-card')).toHaveAttribute('href', `/detail/${first.id}`);
  await screenshot(page, testInfo, 'library-favorite');

  // Removal is at once and final: the row goes, a toast says so, focus moves to the next row.
  const firstEntry = entries.filter({ hasText: first.title });
  const secondEntry = entries.filter({ hasText: second.title });
  await secondEntry.getByTestId('library-remove').click();
  await expect(secondEntry).toHaveCount(0);
  await expect(page.getByTestId('toast')).toContainText(second.title);
  await expect(firstEntry.getByTestId('library-remove')).toBeFocused();
  await expect(entries).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId('library-entry')).toHaveCount(1);
  await expect(page.getByTestId('library-entry')).toContainText(first.title);
  expect(errors).toEqual([]);
});

test('a member continues the episode last read from the reading history', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'recent' });
  await logIn(page, member);
  const [series] = await rankedSeries(member, 1);
  if (!series) throw new Error('the ranking lists a series');
  const detail = await api<Detail>('GET', `/contents/${series.id}`, { token: member.accessToken });
  const episode = detail.episodes.filter((item) => item.isFree).at(1) ?? detail.episodes[0];
  if (!episode) throw new Error(`series ${series.id} has no episode`);
  await api('PUT', `/episodes/${episode.id}/progress`, {
    token: member.accessToken,
    body: { page: 1, offset: 0.5 },
  });

  await page.goto('/library/recent');
  await expect(page.getByTestId('library-tab-recent')).toHaveAttribute('aria-current', 'page');
  const entry = page.getByTestId('library-entry').filter({ hasText: series.title });
  await expect(entry).toContainText(episode.title);
  const resume = entry.getByTestId('library-continue');
  await expect(resume).toContainText(String(episode.number));
  await screenshot(page, testInfo, 'library-recent');
  await resume.click();
  await page.waitForURL((url) => url.pathname === `/viewer/${episode.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episode.title);

  // Forgetting a series empties the history.
  await page.goto('/library/recent');
  await entry.getByTestId('library-remove').click();
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText(series.title);
  expect(errors).toEqual([]);
});

test('a visitor opening the library is sent to log in and comes back to it', async ({ page }) => {
  const member = await createMember({ tag: 'library-login' });
  await page.goto('/library/favorite');
  // Spec §2: sign-in with SessionRequired and the way back, which the login route takes as `callback`.
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/library/favorite');

  await page.locator('#login-email').fill(member.email);
  await page.locator('#login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/library/favorite');
  await expect(page.getByTestId('library-tab-favorite')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('library-empty')).toBeVisible();
});
