import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Comments on an episode (issue 13 item 1): one member writes a comment, another reports it,
// the author deletes it, and /comment/my links back to the episode. What a member typed is shown
// as text, never as HTML, and a spoiler stays hidden until asked for. Texts are translated, so
// elements are found by data-testid or role.

/** The first episode of the first series the ranking shows to everyone (never an adult one). */
async function someEpisode(): Promise<number> {
  const ranking = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING');
  const series = ranking.items[0];
  if (!series) throw new Error('the ranking lists a series');
  const detail = await api<{ episodes: { id: number }[] }>('GET', `/contents/${series.id}`);
  const episode = detail.episodes[0];
  if (!episode) throw new Error(`series ${series.id} has no episode`);
  return episode.id;
}

test('a member writes a comment, another reports it, and the author deletes it', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const episodeId = await someEpisode();
  const word = randomBytes(4).toString('hex');
  const text = `What a twist <b>${word}</b>`;
  const [author, reporter] = await Promise.all([
    createMember({ tag: 'comment-author' }),
    createMember({ tag: 'comment-reporter' }),
  ]);

  // A visitor reads the comments and is offered a login to write.
  await page.goto(`/comment?episode=${episodeId}`);
  await expect(page.getByTestId('comments')).toBeVisible();
  await expect(page.getByTestId('comment-login')).toBeVisible();
  await expect(page.getByTestId('comment-form')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The author writes: the counter follows, and the comment appears as typed, as text.
  await logIn(page, author);
  await page.goto(`/comment?episode=${episodeId}`);
  const content = page.getByTestId('comment-content');
  await content.fill(text);
  await expect(page.getByTestId('comment-counter')).toContainText(String([...text].length));
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment-done')).not.toBeEmpty();
  await expect(content).toHaveValue('');
  const mine = page.getByTestId('comment').filter({ hasText: word });
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-mine', 'true');
  await expect(mine.getByTestId('comment-text')).toHaveText(text);
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(mine.getByTestId('comment-report')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'comment-written');

  // A second one, marked as a spoiler.
  const spoilerText = `He was the king all along ${randomBytes(4).toString('hex')}`;
  await content.fill(spoilerText);
  await page.getByTestId('comment-spoiler').check();
  await page.getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment-done')).not.toBeEmpty();
  // The newest comment is the spoiler, hidden behind its button even for its author.
  const newest = page.getByTestId('comment').first();
  await expect(newest.getByTestId('comment-reveal')).toBeVisible();
  await expect(newest.getByTestId('comment-text')).toHaveCount(0);
  const spoilerId = await newest.getAttribute('data-comment-id');

  // Another member, in their own browser, likes and reports it.
  const context = await page.context().browser()?.newContext({ baseURL: testInfo.project.use.baseURL });
  if (!context) throw new Error('no browser');
  const other = await context.newPage();
  const otherErrors = collectConsoleErrors(other);
  await logIn(other, reporter);
  await other.goto(`/comment?episode=${episodeId}`);
  const theirs = other.getByTestId('comment').filter({ hasText: word });
  await expect(theirs.getByTestId('comment-delete')).toHaveCount(0);
  // The spoiler stays hidden until asked for.
  const spoiler = other.locator(`[data-testid="comment"][data-comment-id="${spoilerId}"]`);
  await expect(spoiler.getByTestId('comment-text')).toHaveCount(0);
  await spoiler.getByTestId('comment-reveal').click();
  await expect(spoiler.getByTestId('comment-text')).toHaveText(spoilerText);
  await expect(spoiler.getByTestId('comment-text')).toBeFocused();
  const like = theirs.getByTestId('comment-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await theirs.getByTestId('comment-report').click();
  await expect(theirs.getByTestId('comment-confirm')).toBeVisible();
  expect(await seriousViolations(other)).toEqual([]);
  await theirs.getByTestId('comment-confirm-yes').click();
  await expect(other.getByTestId('comment-status')).not.toBeEmpty();
  await expect(theirs.getByTestId('comment-report')).toBeDisabled();
  await expect(theirs.getByTestId('comment-confirm')).toHaveCount(0);
  await screenshot(other, testInfo, 'comment-reported');
  expect(otherErrors).toEqual([]);
  await context.close();

  // The author deletes it: a placeholder stays, without the text.
  await page.reload();
  await mine.getByTestId('comment-delete').click();
  await mine.getByTestId('comment-confirm-yes').click();
  await expect(page.getByTestId('comment-status')).not.toBeEmpty();
  const deleted = page.locator(`[data-testid="comment"][data-state="DELETED"]`);
  await expect(page.getByTestId('comment').filter({ hasText: word })).toHaveCount(0);
  await expect(deleted.first()).toBeVisible();
  await screenshot(page, testInfo, 'comment-deleted');

  // /comment/my lists it as deleted, with a link back to the episode's comments.
  await page.goto('/comment/my');
  await expect(page.getByTestId('my-comment')).toHaveCount(2);
  await expect(page.getByTestId('my-comment').filter({ hasText: spoilerText })).toHaveAttribute('data-state', 'SHOWN');
  const entry = page.locator('[data-testid="my-comment"][data-state="DELETED"]');
  await expect(entry).toHaveCount(1);
  await expect(entry).not.toContainText(word);
  await entry.getByTestId('my-comment-link').click();
  await page.waitForURL((url) => url.pathname === '/comment' && url.searchParams.get('episode') === String(episodeId));
  expect(errors).toEqual([]);
});

test('the series page leads to the comments on all of its episodes', async ({ page }) => {
  const ranking = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING');
  const seriesId = ranking.items[0]?.id;
  if (seriesId === undefined) throw new Error('the ranking lists a series');
  await page.goto(`/detail/${seriesId}`);
  await page.getByTestId('series-comments').click();
  await page.waitForURL((url) => url.pathname === '/comment' && url.searchParams.get('series') === String(seriesId));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
