/* Service worker of the platform (spec section 2). It caches nothing: the app is always fetched fresh. It is the
 * receiver of web push (realtime issue): a push shows a notification, a click on it focuses or opens the link. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Push payload: { title, text (a string or a list), link } as in the notification data of spec section 3. */
const readPush = (event) => {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { text: event.data ? event.data.text() : '' };
  }
};

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const body = Array.isArray(data.text) ? data.text.join('\n') : data.text || '';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Portale Intermediari', {
      body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      lang: 'it',
      data: { link: data.link || '/notifiche' },
    }),
  );
});

/** Same-origin paths only: a push can never send the user to another site. */
const toAppUrl = (link) => {
  const url = new URL(link || '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + '/';
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = toAppUrl(event.notification.data && event.notification.data.link);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(target) : client));
      return self.clients.openWindow(target);
    }),
  );
});
