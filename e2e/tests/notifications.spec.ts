import { expect, test } from '@playwright/test';
import { API_HEADERS, API_URL, adminToken, api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot, seriousViolations } from './support/page';

// Notifications (issue 13 item 6): an admin answers a member's contact request through the API;
// the member's header bell counts 1, the notifications page lists it unread, following its link
// opens the requests and the bell goes back to 0. A visitor's header has no bell. Texts are
// translated, so elements are found by data-testid or role, never by their words.

/** Files a contact request as the member, straight against the api (a multipart form without images). */
async function fileRequest(accessToken: string, title: string): Promise<number> {
  const form = new FormData();
  form.append('category', 'ACCOUNT');
  form.append('title', title);
  form.append('content', 'How do I change my nickname?');
  const response = await fetch(`${API_URL}/qna`, {
    method: 'POST',
    headers: { ...API_HEADERS, authorization: `Bearer ${accessToken}` },
    body: form,
  });
  const envelope = (await response.json()) as { data?: { id: number } };
  if (!envelope.data) throw new Error(`no contact request: ${JSON.stringify(envelope)}`);
  return envelope.data.id;
}

test('an answered contact request shows on the bell, is listed, leads to the requests and is then read', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('header-notifications')).toHaveCount(0);

  const member = await createMember({ tag: 'notifications' });
  await logIn(page, member);
  const id = await fileRequest(member.accessToken, `Nickname ${Date.now().toString(36)}`);
  await page.goto('/');
  const bell = page.getByTestId('header-notifications');
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('header-notifications-count')).toHaveCount(0);

  await api('POST', `/admin/qna/${id}/answer`, {
    token: await adminToken(),
    body: { answer: 'Open My page, then your profile.' },
  });
  await page.reload();
  await expect(page.getByTestId('header-notifications-count')).toHaveText(/^1\b/);

  await bell.click();
  await page.waitForURL((url) => url.pathname === '/notification');
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toHaveAttribute('href', '/qna');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, testInfo, 'notifications-unread');

  await item.click();
  await page.waitForURL((url) => url.pathname === '/qna');
  await expect(page.locator(`[data-testid="contact-request"][data-id="${id}"]`)).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('header-notifications-count')).toHaveCount(0);

  // Read it stays, after a reload too.
  await page.goto('/notification');
  await expect(page.getByTestId('notification')).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('notifications-mark-all')).toHaveCount(0);
  await expect(page.getByTestId('header-notifications')).toHaveAttribute('data-count', '0');

  // The push service worker is served as a script and the page's policy lets it register.
  const worker = await page.request.get('/push-sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/push-sw.js')).scope);
  expect(new URL(scope).pathname).toBe('/');
  expect(errors).toEqual([]);
});

test('logging out stops this browser receiving the member’s pushes', async ({ page }) => {
  let unsubscribed = false;
  await page.exposeFunction('pushUnsubscribed', () => {
    unsubscribed = true;
  });
  // A browser subscribed to Web Push, as Chromium would be with a push service (none here).
  await page.addInitScript(() => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-logout',
      unsubscribe: async () => {
        await (window as unknown as { pushUnsubscribed(): Promise<void> }).pushUnsubscribed();
        return true;
      },
    };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', { value: async () => registration });
  });
  await logIn(page, await createMember({ tag: 'push-logout' }));
  await page.goto('/my');
  const forgotten = page.waitForRequest(
    (request) => request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/front/notifications/push',
  );
  await page.getByTestId('logout').click();
  expect((await forgotten).postDataJSON()).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-logout' });
  await page.waitForURL((url) => url.pathname === '/callback/logout-success');
  expect(unsubscribed).toBe(true);
});
