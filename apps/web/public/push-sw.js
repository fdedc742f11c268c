// The push service worker (issue 13 item 6, decision 0211): shows each push the api sends
// ({title, body, path, tag}; packages/contracts PushPayload) and opens its page when clicked,
// in a tab of this site already open when there is one. Nothing is cached here.

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      data: { path: typeof payload.path === 'string' ? payload.path : '/' },
      icon: '/icon.svg',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = event.notification.data?.path;
  // Only a path of this site is opened, whatever a push says.
  const target = new URL(
    typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/',
    self.location.origin,
  );
  event.waitUntil(self.clients.openWindow(target.href));
});
