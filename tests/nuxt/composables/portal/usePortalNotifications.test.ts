import { createError, readBody } from 'h3'
import { defineComponent, h } from 'vue'
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mountSuspended, registerEndpoint } from '@nuxt/test-utils/runtime'
import { usePortalNotifications, type PortalNotifications } from '../../../../composables/portal/usePortalNotifications'
import { apiErrorOf } from '../../../../composables/useApiErrors'
import { PushOnThisDeviceError } from '../../../../utils/push-on-this-device'

const answer: PortalNotifications = {
  channels: { email: { address: 'hine@example.org' }, sms: { number: '+61400000123', stopped: false, gateway: true }, push: { devices: [] } },
  kinds: [
    { kind: 'school', mayTurnOff: true, email: 'instant', sms: 'off', push: null },
    { kind: 'consents', mayTurnOff: false, email: 'instant', sms: 'off', push: null }
  ],
  digestTime: '17:00',
  pushPublicKey: 'BKey'
}
// This browser's subscription, when a test gives it one (happy-dom has no push service), and the device it is on the server.
const hereEndpoint = 'https://push.example.org/send/this-browser'
const hereDevice = { id: 'psh_0000000000000000here', label: 'Firefox · Android', createdAt: '2026-11-20T09:00:00.000Z',
  endpointHash: createHash('sha256').update(hereEndpoint).digest('hex') }
const otherDevice = { id: 'psh_000000000000000other', label: 'Safari · iOS', createdAt: '2026-11-21T09:00:00.000Z', endpointHash: 'f'.repeat(64) }
registerEndpoint('/api/app/portal/notifications', () => answer)
const deviceRequests: string[] = []
registerEndpoint('/api/app/portal/notifications/devices', { method: 'POST', handler: () => {
  deviceRequests.push('POST')
  return { id: hereDevice.id, label: hereDevice.label, createdAt: hereDevice.createdAt }
} })
registerEndpoint(`/api/app/portal/notifications/devices/${hereDevice.id}`, { method: 'DELETE', handler: () => {
  deviceRequests.push(`DELETE ${hereDevice.id}`)
  answer.channels.push.devices = answer.channels.push.devices.filter(device => device.id !== hereDevice.id)
  return { removed: true }
} })
const sent: unknown[] = []
// The route's refusal of "off" for a kind the school sends to every family, naming the choice by its place in the list.
registerEndpoint('/api/app/portal/notifications', {
  method: 'PUT',
  handler: async (event) => {
    const body = await readBody<{ choices: { kind: string, mode: string }[] }>(event)
    sent.push(body)
    const refused = body.choices.flatMap((choice, index) => choice.kind === 'consents' && choice.mode === 'off'
      ? [{ path: `choices.${index}.mode`, message: 'The school sends this kind to every family: choose at once or the daily digest.' }]
      : [])
    if (refused.length) throw createError({ statusCode: 400, statusMessage: 'Bad', data: { code: 'validation_failed', detail: [], fields: refused } })
    return answer
  }
})

async function mounted() {
  let notifications!: ReturnType<typeof usePortalNotifications>
  await mountSuspended(defineComponent({
    setup() {
      notifications = usePortalNotifications()
      return () => h('div')
    }
  }))
  return notifications
}

describe('usePortalNotifications', () => {
  it('reads the adult\'s channels and choices', async () => {
    const notifications = await mounted()
    await expect.poll(() => notifications.data.value?.kinds.map(kind => kind.kind)).toEqual(['school', 'consents'])
    expect(notifications.problem.value).toBeNull()
  })

  it('names a refused choice by its kind and channel, the field the page shows it beside', async () => {
    const notifications = await mounted()
    const refusal = await notifications.choose([
      { kind: 'school', channel: 'email', mode: 'digest' }, { kind: 'consents', channel: 'sms', mode: 'off' }
    ]).catch((error: unknown) => error)
    expect(apiErrorOf(refusal).fields).toEqual([
      { name: 'consents.sms', message: 'The school sends this kind to every family: choose at once or the daily digest.' }
    ])
    expect(sent.at(-1)).toEqual({ choices: [{ kind: 'school', channel: 'email', mode: 'digest' }, { kind: 'consents', channel: 'sms', mode: 'off' }] })
  })

  it('says a browser without push cannot turn notifications on, and has them off', async () => {
    const notifications = await mounted()
    const refusal = await notifications.turnOnHere().catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(PushOnThisDeviceError)
    expect((refusal as PushOnThisDeviceError).problem).toBe('unsupported')
    expect(notifications.onHere.value).toBe(false)
  })
})

describe('usePortalNotifications in a browser that has push', () => {
  let unsubscribed = 0
  let subscribed = true
  function givePush() {
    const subscription = { endpoint: hereEndpoint, toJSON: () => ({ endpoint: hereEndpoint, keys: {} }), unsubscribe: async () => {
      unsubscribed++
      subscribed = false
      return true
    } }
    vi.stubGlobal('PushManager', function PushManager() {})
    vi.stubGlobal('Notification', function Notification() {})
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscribed ? subscription : null } })
    } })
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
    answer.channels.push.devices = []
  })

  it('finds this browser among the devices by its endpoint\'s hash, and turns it off by its id without sending the subscription', async () => {
    givePush()
    answer.channels.push.devices = [otherDevice, hereDevice]
    const notifications = await mounted()
    // The file's mounts share the app and its fetched data: read the devices this test gave.
    await notifications.refresh()
    await expect.poll(() => notifications.hereDevice.value?.id).toBe(hereDevice.id)
    expect(notifications.onHere.value).toBe(true)
    await notifications.turnOffHere()
    expect(deviceRequests).toEqual([`DELETE ${hereDevice.id}`])
    expect(unsubscribed).toBe(1)
    expect(notifications.onHere.value).toBe(false)
    expect(notifications.data.value?.channels.push.devices.map(device => device.id)).toEqual([otherDevice.id])
  })

  it('has notifications off here when the server no longer keeps this browser\'s subscription', async () => {
    subscribed = true
    givePush()
    answer.channels.push.devices = [otherDevice]
    const notifications = await mounted()
    await notifications.refresh()
    await expect.poll(() => notifications.onHere.value).toBe(false)
    expect(notifications.hereDevice.value).toBeNull()
  })
})
