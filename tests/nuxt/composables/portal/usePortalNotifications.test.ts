import { createError, readBody } from 'h3'
import { defineComponent, h } from 'vue'
import { describe, expect, it } from 'vitest'
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
registerEndpoint('/api/app/portal/notifications', () => answer)
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
