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
 * browser (utils/push-on-this-device.ts, then the devices route), this browser found in the device list by its endpoint's
 * hash; removing one of their devices.
 */
export function usePortalNotifications() {
  const read = portalRead(useFetch('/api/app/portal/notifications', { key: 'portal-notifications', headers: useRequestHeaders(['cookie']) }))
  /** This browser's subscription's endpoint, hashed as the list names devices; null: none here; undefined until the browser answers. */
  const hereHash = ref<string | null | undefined>(undefined)
  const checkHere = async () => {
    const endpoint = pushSupported() ? (await currentSubscription())?.endpoint : undefined
    hereHash.value = endpoint ? await endpointHash(endpoint) : null
  }
  onMounted(checkHere)
  /** The adult's device that is this browser, when the server keeps its subscription. */
  const hereDevice = computed(() => hereHash.value
    ? read.data.value?.channels.push.devices.find(device => device.endpointHash === hereHash.value) ?? null
    : null)
  /**
   * Whether notifications are on here: this browser holds a subscription and the server keeps it (one it removed, a push
   * service's 410 or a Remove on another phone, is off, and turning on offers it again); null until both have answered.
   */
  const onHere = computed(() => hereHash.value === undefined || !read.data.value ? null : Boolean(hereDevice.value))

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

  /** Turns them off here: the browser unsubscribes, and the device the list names as this one goes, by its id. */
  async function turnOffHere() {
    const device = hereDevice.value
    await unsubscribeThisDevice()
    if (device) await $fetch(apiPath('/api/app/portal/notifications/devices/:id', { id: device.id }), { method: 'DELETE' })
    await Promise.all([read.refresh(), checkHere()])
  }

  /** Removes one of the adult's devices; this browser's is turned off here too, so it keeps no subscription the server forgot. */
  async function removeDevice(id: string) {
    if (id === hereDevice.value?.id) return turnOffHere()
    await $fetch(apiPath('/api/app/portal/notifications/devices/:id', { id }), { method: 'DELETE' })
    await read.refresh()
  }

  return { ...read, onHere, hereDevice, choose, turnOnHere, turnOffHere, removeDevice }
}
