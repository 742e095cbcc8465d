/*
 * The portal's service worker: notifications, and nothing else (docs/notifications.md, "Phone notifications").
 * It has no fetch handler on purpose: pages and answers about children must never sit in a cache on a
 * shared or lost phone, so every request goes to the network as if there were no worker at all.
 */

// The portal's front page: where a push that names no usable page, or another site's, opens instead.
const portalHome = '/family'

self.addEventListener('install', () => self.skipWaiting())
// Controls the open portal tabs at once, so that a click can bring one of them to the notice.
self.addEventListener('activate', event => event.waitUntil(self.clients.claim()))

/** A path on this origin for `raw`; an address on another origin (or none) is the portal's front page. */
function sameOriginPath(raw) {
  if (typeof raw !== 'string' || !raw) return portalHome
  try {
    const url = new URL(raw, self.location.origin)
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : portalHome
  } catch {
    return portalHome
  }
}

const textOr = (value, fallback) => typeof value === 'string' && value ? value : fallback

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {}
  // Subscribed with userVisibleOnly, every push shows a notification: a browser takes back the permission of a site
  // that pushes silently. One that cannot be read still says that there is something in the portal.
  const options = { body: textOr(message.body, undefined), data: { url: sameOriginPath(message.url) }, icon: '/icon-192.png' }
  if (textOr(message.tag)) options.tag = message.tag
  if (textOr(message.lang)) options.lang = message.lang
  event.waitUntil(self.registration.showNotification(textOr(message.title, 'Rollbook'), options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  // Checked again on the way out: the data came from a push, and a click opens only this site's pages.
  const path = sameOriginPath(event.notification.data && event.notification.data.url)
  event.waitUntil(openPortalAt(path))
})

/** Focuses an open portal window on `path`, or opens one there. */
async function openPortalAt(path) {
  const target = new URL(path, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const onTarget = windows.find(client => client.url === target)
  if (onTarget) return onTarget.focus()
  const portal = windows.find(client => new URL(client.url).origin === self.location.origin)
  if (portal) {
    try {
      // navigate() works only on a window this worker controls; another is left as it is and a new one opened.
      const moved = await portal.navigate(target)
      if (moved) return moved.focus()
    } catch {}
  }
  return self.clients.openWindow(target)
}
