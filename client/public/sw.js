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
    self.registration.showNotification(data.title || 'Piattaforma Intermediari', {
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
      if (!open) return self.clients.openWindow(target);
      // navigate() refuses a window this worker does not control (yet): open the link in a new one then.
      return open
        .focus()
        .then((client) => (client && 'navigate' in client ? client.navigate(target) : client))
        .catch(() => self.clients.openWindow(target));
    }),
  );
});

/** Same-origin POST with the session cookie; a failure is left to the page, which re-checks on its next load. */
const postJson = (path, body) =>
  fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(
    () => undefined,
  );

/* The push service replaced or dropped the subscription: tell the server, so pushes keep arriving. */
self.addEventListener('pushsubscriptionchange', (event) => {
  const oldEndpoint = event.oldSubscription && event.oldSubscription.endpoint;
  const renew = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : event.oldSubscription && event.oldSubscription.options
      ? self.registration.pushManager.subscribe(event.oldSubscription.options).catch(() => null)
      : Promise.resolve(null);
  event.waitUntil(
    renew.then((subscription) =>
      Promise.all([
        oldEndpoint && (!subscription || subscription.endpoint !== oldEndpoint) ? postJson('/api/notification/subscription/delete', { endpoint: oldEndpoint }) : null,
        subscription ? postJson('/api/notification/subscription/add', { type: 'webpush', subscription: subscription.toJSON() }) : null,
      ]),
    ),
  );
});
