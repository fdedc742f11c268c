import { expect, type Page, test } from '@playwright/test';
import { api, createMember, logIn, type Member } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// The wait-until-free ticket (issue 12) on the default brand (delitoonb-fr): a member uses it from
// the series page (the free-time popup) and reads the episode; the series page and the library
// then say when the next ticket is back; and from the locked viewer the ticket opens the episode
// in place. Members are made and logged in over HTTP; episodes are found through the api.

type AccessState = 'FREE' | 'OWNED' | 'RENTED' | 'FREETIME_UNLOCKED' | 'FREETIME_READY' | 'FREETIME_WAIT' | 'PAID';

interface Card {
  id: number;
  isAdult: boolean;
}

interface Episode {
  id: number;
  number: number;
  title: string;
  access: { state: AccessState; ticketAt: string | null };
}

/** A series of the free tab's wait-until-free list whose ticket can open an episode for this member now. */
async function findTicketEpisode(member: Member): Promise<{ seriesId: number; episode: Episode }> {
  const list = await api<{ items: Card[] }>('GET', '/contents/home/FREE?sort=FREETIME', { token: member.accessToken });
  for (const card of list.items.filter((item) => !item.isAdult)) {
    const series = await api<{ episodes: Episode[] }>('GET', `/contents/${card.id}`, { token: member.accessToken });
    const episode = series.episodes.find((e) => e.access.state === 'FREETIME_READY');
    if (episode) return { seriesId: card.id, episode };
  }
  throw new Error('no seeded series offers a wait-until-free episode');
}

async function expectReading(page: Page, episode: Episode): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episode.title);
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
}

test('a member uses the wait-until-free ticket on the series page, reads the episode, and sees when the next ticket is back', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'freetime-series' });
  await logIn(page, member);
  const { seriesId, episode } = await findTicketEpisode(member);

  await page.goto(`/detail/${seriesId}?episode=${episode.id}`);
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-ticket', 'ready');
  const row = page.locator(`#episode-${episode.id}`);
  await expect(row).toHaveAttribute('data-state', 'FREETIME_READY');
  await row.getByTestId('episode-freetime').click();

  // The free-time popup: a dialog that names the episode and takes the focus on its button.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-testid', 'freetime-dialog');
  await expect(dialog).toContainText(episode.title);
  await expect(dialog.getByTestId('freetime-use')).toBeFocused();
  await screenshot(page, testInfo, 'freetime-popup', { fullPage: false });
  // Escape closes it and gives the focus back to the row.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('episode-freetime')).toBeFocused();

  await row.getByTestId('episode-freetime').click();
  await dialog.getByTestId('freetime-use').click();
  await page.waitForURL((url) => url.pathname === `/viewer/${episode.id}`);
  await expectReading(page, episode);

  // The series page: the episode is unlocked, and the next ticket counts down.
  await page.goto(`/detail/${seriesId}`);
  await expect(row).toHaveAttribute('data-state', 'FREETIME_UNLOCKED');
  const status = page.getByTestId('ticket-status');
  await expect(status).toHaveAttribute('data-ticket', 'wait');
  await expect(status.getByTestId('time-left')).toBeVisible();
  await screenshot(page, testInfo, 'freetime-series-wait', { fullPage: false });

  // The library lists the series with the time of its next ticket.
  await page.goto('/library/my');
  const card = page.getByTestId('library-card').filter({ has: page.locator('[data-testid="library-ticket"]') });
  await expect(card.first().getByTestId('library-ticket')).toHaveAttribute('data-ticket', 'wait');
  expect(errors).toEqual([]);
});

test('a member opens a locked episode in the viewer with the ticket, and reads it in place', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'freetime-viewer' });
  await logIn(page, member);
  const { seriesId, episode } = await findTicketEpisode(member);

  await page.goto(`/viewer/${episode.id}`);
  const locked = page.getByTestId('locked-episode');
  await expect(locked).toBeVisible();
  await expect(locked.getByTestId('locked-episode-name')).toContainText(episode.title);
  await screenshot(page, testInfo, 'locked-viewer-ticket', { fullPage: false });
  await locked.getByTestId('locked-freetime').click();
  const dialog = page.getByTestId('freetime-dialog');
  await dialog.getByTestId('freetime-use').click();

  // The episode opens where the reader is: same address, now with its pages.
  await expect(locked).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(`/viewer/${episode.id}`);
  await expectReading(page, episode);
  const series = await api<{ episodes: Episode[] }>('GET', `/contents/${seriesId}`, { token: member.accessToken });
  expect(series.episodes.find((e) => e.id === episode.id)?.access.state).toBe('FREETIME_UNLOCKED');
  expect(errors).toEqual([]);
});
