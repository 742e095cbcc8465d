/*
 * Phone notifications on this browser or phone (docs/notifications.md, "Phone notifications"): the
 * service worker (public/sw.js) and the push subscription a family turns on here. No screen of its
 * own: the portal's notification settings call these and send the subscription to the server.
 */

const serviceWorkerUrl = '/sw.js'

/** Why notifications could not be turned on here, for the page to word: a rule is a value, not its message. */
export type PushOnThisDeviceProblem = 'unsupported' | 'denied' | 'dismissed'

export class PushOnThisDeviceError extends Error {
  constructor(readonly problem: PushOnThisDeviceProblem) {
    super(`Notifications could not be turned on here: ${problem}.`)
    this.name = 'PushOnThisDeviceError'
  }
}

/**
 * Whether this browser can take pushes. An iPhone can only once the portal is added to the home
 * screen: in a Safari tab it has no PushManager, and this says no.
 */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/**
 * Registers the portal's service worker for the whole site and waits until it is active. The
 * browser checks the script for a new version on every registration, never from its HTTP cache.
 */
export async function registerPortalServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!pushSupported()) throw new PushOnThisDeviceError('unsupported')
  await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/', updateViaCache: 'none' })
  return navigator.serviceWorker.ready
}

async function existingSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** This browser's subscription, as the server takes it, or null when notifications are off here. */
export async function currentSubscription(): Promise<PushSubscriptionJSON | null> {
  return (await existingSubscription())?.toJSON() ?? null
}

/**
 * An endpoint as the device list names it (docs/notifications.md, "Phone notifications"): SHA-256 of its UTF-8 in lower-case
 * hex, as the server's pushEndpointHash makes it. The browser's push needs a secure context, and so does `crypto.subtle`.
 */
export async function endpointHash(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint))
  return Array.from(new Uint8Array(digest), byte => byte.toString(16).padStart(2, '0')).join('')
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='))
  return Uint8Array.from(text, character => character.charCodeAt(0))
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false
  const bytes = new Uint8Array(a)
  return bytes.every((byte, i) => byte === b[i])
}

/**
 * Turns notifications on in this browser: asks the person's permission (call it from a tap: browsers
 * refuse to ask otherwise), then subscribes with the school's VAPID key. Every push shows a
 * notification (`userVisibleOnly`), which is the only kind browsers allow.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushOnThisDeviceError('unsupported')
  const permission = await Notification.requestPermission()
  if (permission === 'denied') throw new PushOnThisDeviceError('denied')
  if (permission !== 'granted') throw new PushOnThisDeviceError('dismissed')
  const registration = await registerPortalServiceWorker()
  const key = keyBytes(vapidPublicKey)
  const existing = await registration.pushManager.getSubscription()
  // A subscription made with another key (another school's portal on this origin, or keys made anew) takes no push of
  // this one's: the push service refuses a VAPID key the subscription was not made with.
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON()
  await existing?.unsubscribe()
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  return subscription.toJSON()
}

/**
 * Turns notifications off in this browser. Returns the endpoint that was subscribed, for the server to
 * forget, or null when there was none; a push the server sends to it before then is answered 410 and
 * the server removes it anyway.
 */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await existingSubscription()
  if (!subscription) return null
  await subscription.unsubscribe()
  return subscription.endpoint
}
