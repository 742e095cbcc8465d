import type { InternalApi } from 'nitropack/types'
import type { NotificationSettingsInput, TextGatewayInput } from '~~/shared/schemas/notifications'

/** The school's notification settings as Settings → Notifications reads them (the gateway without its secret). */
export type NotificationSettings = InternalApi['/api/app/notifications/settings']['get']
/** What the gateway answered to a test text. */
export type TestTextAnswer = InternalApi['/api/app/notifications/test-text']['post']

/** The stored gateway as a change that keeps it: the same fields, no secret (an omitted one is kept by the server). */
function keptGateway(stored: NotificationSettings['textGateway']): TextGatewayInput | null {
  if (!stored) return null
  const { kind, sendsPerSecond, from } = stored
  return kind === 'kannel'
    ? { kind, sendsmsUrl: stored.sendsmsUrl ?? '', username: stored.username ?? '', from, sendsPerSecond }
    : { kind, accountSid: stored.accountSid ?? '', from, messagingServiceSid: stored.messagingServiceSid, sendsPerSecond }
}

/**
 * Settings → Notifications: read the digest time, the kinds families may turn off, the text gateway and the addresses
 * it calls; `save` changes one card's part and keeps the rest as stored (the route takes the whole settings), asking for
 * a passkey when the server wants a recent proof; `sendTestText` sends one text now and gives the gateway's answer.
 */
export function useNotificationSettings() {
  const { data, refresh, error } = useFetch('/api/app/notifications/settings', { key: 'notification-settings', headers: useRequestHeaders(['cookie']) })
  const { withStepUp } = useStepUp()

  /** Saves `change` over the settings as stored; undefined when the passkey prompt was closed (nothing saved). */
  async function save(change: Partial<NotificationSettingsInput>) {
    const stored = data.value
    if (!stored) return undefined
    const body: NotificationSettingsInput = {
      digestTime: stored.digestTime, optionalKinds: stored.optionalKinds, textGateway: keptGateway(stored.textGateway), ...change
    }
    const saved = await withStepUp(() => $fetch('/api/app/notifications/settings', { method: 'PUT', body }))
    if (saved) data.value = saved
    return saved
  }
  const sendTestText = (to: string) => $fetch('/api/app/notifications/test-text', { method: 'POST', body: { to } })

  return { settings: data, error: computed(() => error.value ? apiErrorOf(error.value) : null), refresh, save, sendTestText }
}
