import type { InternalApi } from 'nitropack/types'
import type { NotificationChoicesInput } from '~~/shared/schemas/notifications'

/** The adult's channels, their choice per kind and channel, the digest time and the school's push key, as the route answers them. */
export type PortalNotifications = InternalApi['/api/app/portal/notifications']['get']
export type PortalNotificationKind = PortalNotifications['kinds'][number]
export type PortalNotificationDevice = PortalNotifications['channels']['push']['devices'][number]
type Choice = NotificationChoicesInput['choices'][number]

interface FieldEnvelope { data?: { data?: { fields?: { path: string, message: string }[] } } }

/** The browser's subscription as the devices route takes it (PushSubscription.toJSON() types its parts as optional). */
function subscriptionBody(json: PushSubscriptionJSON) {
  return { endpoint: json.endpoint ?? '', expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

/**
 * Notifications: the adult's channels and choices; changing choices (a refusal of one, `choices.N.mode`, is named by its
 * kind and channel, `school.sms`, the field the page shows it beside); turning phone notifications on or off in this
 * browser (utils/push-on-this-device.ts, then the devices route); removing one of their devices.
 */
export function usePortalNotifications() {
  const read = portalRead(useFetch('/api/app/portal/notifications', { key: 'portal-notifications', headers: useRequestHeaders(['cookie']) }))
  /** Whether this browser holds a subscription now; null until asked (the browser answers after the page mounts). */
  const onHere = ref<boolean | null>(null)
  const checkHere = async () => {
    onHere.value = pushSupported() ? Boolean(await currentSubscription()) : false
  }
  onMounted(checkHere)

  async function choose(choices: Choice[]) {
    try {
      await $fetch('/api/app/portal/notifications', { method: 'PUT', body: { choices } })
    } catch (error) {
      for (const field of (error as FieldEnvelope).data?.data?.fields ?? []) {
        const chosen = choices[Number(/^choices\.(\d+)/.exec(field.path)?.[1] ?? Number.NaN)]
        if (chosen) field.path = `${chosen.kind}.${chosen.channel}`
      }
      throw error
    }
    await read.refresh()
  }

  /** Asks this browser for a subscription with the school's key (from a tap) and keeps it on the adult's account. */
  async function turnOnHere() {
    const key = read.data.value?.pushPublicKey
    if (!key) return
    const subscription = await subscribeThisDevice(key)
    await $fetch('/api/app/portal/notifications/devices', { method: 'POST', body: subscriptionBody(subscription) })
    await Promise.all([read.refresh(), checkHere()])
  }

  /**
   * Turns them off here: the device list names no endpoint, so the route that adds a device (which answers this account's
   * own endpoint with the device it already is) names this browser's; then the browser unsubscribes and the device goes.
   */
  async function turnOffHere() {
    const subscription = await currentSubscription()
    const device = subscription
      ? await $fetch('/api/app/portal/notifications/devices', { method: 'POST', body: subscriptionBody(subscription) })
      : null
    await unsubscribeThisDevice()
    if (device) await $fetch(apiPath('/api/app/portal/notifications/devices/:id', { id: device.id }), { method: 'DELETE' })
    await Promise.all([read.refresh(), checkHere()])
  }

  async function removeDevice(id: string) {
    await $fetch(apiPath('/api/app/portal/notifications/devices/:id', { id }), { method: 'DELETE' })
    await read.refresh()
  }

  return { ...read, onHere, choose, turnOnHere, turnOffHere, removeDevice }
}
