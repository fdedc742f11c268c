import { expect, test } from '@playwright/test';
import { adminToken, api, createMember, logIn, type Member } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// The gift box (issue 12): an admin sends a member gifts of coins over HTTP; the member sees the
// count in the header, opens /gift, receives one gift and then the rest at once, and watches the
// header's coins go up and its gift count go down. A visitor's pages never ask for gifts.
// Texts are translated, so elements are found by data-testid or role, never by their words.

interface Sent {
  gifts: { id: number }[];
}

async function sendCoins(member: Member, title: string, coinType: string, amount: number): Promise<number> {
  const sent = await api<Sent>('POST', '/admin/gifts', {
    token: await adminToken(),
    body: {
      targets: [{ type: 'USER', userId: member.userId }],
      content: { kind: 'COIN', coinType, amount },
      title,
      idempotencyKey: `e2e-gift-${member.userId}-${title.length}-${amount}`,
    },
  });
  const id = sent.gifts[0]?.id;
  if (!id) throw new Error('no gift sent');
  return id;
}

test('a member receives a gift, then the rest at once: coins go up, the header count goes down', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'gifts' });
  const first = await sendCoins(member, 'Welcome back', 'BONUS', 30);
  await sendCoins(member, 'Sorry for the wait', 'COIN', 5);
  await sendCoins(member, 'Weekend treat', 'FREE_COIN', 15);
  await logIn(page, member);

  // The new member has the 10 free coins of the sign-up mail reward and 3 gifts waiting.
  await page.goto('/');
  await expect(page.getByTestId('header-coins-total')).toHaveText('10');
  await expect(page.getByTestId('header-gifts-count')).toHaveText('3');
  await page.getByTestId('header-gifts').click();
  await page.waitForURL((url) => url.pathname === '/gift');
  const waiting = page.getByTestId('gift-waiting');
  await expect(waiting).toHaveCount(3);
  await screenshot(page, testInfo, 'gift-box-waiting');

  // One gift: its coins arrive, the count goes down, it moves to the received ones.
  const card = page.locator(`[data-testid="gift-waiting"][data-gift-id="${first}"]`);
  await card.getByTestId('gift-receive').click();
  await expect(page.getByTestId('header-coins-total')).toHaveText('40');
  await expect(page.getByTestId('header-gifts-count')).toHaveText('2');
  await expect(waiting).toHaveCount(2);
  await expect(page.locator(`[data-testid="gift-past"][data-gift-id="${first}"]`)).toHaveAttribute(
    'data-status',
    'RECEIVED',
  );

  // The rest at once: every coin is there and nothing waits any more.
  await page.getByTestId('gift-receive-all').click();
  await expect(page.getByTestId('header-coins-total')).toHaveText('60');
  await expect(page.getByTestId('header-gifts')).toHaveCount(0);
  await expect(page.getByTestId('gift-empty')).toBeVisible();
  await expect(page.getByTestId('gift-past')).toHaveCount(3);
  await screenshot(page, testInfo, 'gift-box-received');

  // The charge history shows the gifts beside the sign-up reward.
  await page.goto('/history/charge');
  await expect(page.locator('[data-testid="history-entry"][data-title="RECEIVE_GIFT"]')).toHaveCount(3);
  await expect(page.locator('[data-testid="history-entry"][data-title="SIGNUP_MAIL_REWARD"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a visitor is sent to log in from /gift, and a visitor’s pages make no gift call', async ({ page }) => {
  const giftCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/front/gift')) giftCalls.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  // Hydrated, with every call the page makes on its own done.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('header-gifts')).toHaveCount(0);
  await page.goto('/gift');
  await page.waitForURL((url) => url.pathname === '/user/login' || url.pathname.startsWith('/api/auth/signin'));
  expect(giftCalls).toEqual([]);
});
