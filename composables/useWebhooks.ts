import type { InternalApi } from 'nitropack/types'
import type { WebhookSubscriptionInput } from '~~/shared/schemas/webhooks'

export type WebhookSettings = InternalApi['/api/app/webhooks']['get']
export type WebhookSubscription = WebhookSettings['items'][number]
/** A subscription as created: its signing secret is in this answer only. */
export type CreatedWebhook = InternalApi['/api/app/webhooks']['post']
export type WebhookDelivery = InternalApi['/api/app/webhooks/:id/deliveries']['get']['items'][number]

/** The school's webhook subscriptions through /api/app: list, create (with a passkey proof), pause, resume, re-token, test, delete. */
export function useWebhooks() {
  const { data, refresh, error } = useFetch('/api/app/webhooks', { key: 'webhooks', headers: useRequestHeaders(['cookie']) })
  const { withStepUp } = useStepUp()
  const path = (id: string) => apiPath('/api/app/webhooks/:id', { id })

  async function create(input: WebhookSubscriptionInput) {
    const created = await withStepUp(() => $fetch('/api/app/webhooks', { method: 'POST', body: input }))
    await refresh()
    return created
  }
  async function change(id: string, body: { paused?: boolean, tokenId?: string }) {
    await $fetch(path(id), { method: 'PATCH', body })
    await refresh()
  }
  async function remove(id: string) {
    await $fetch(path(id), { method: 'DELETE' })
    await refresh()
  }
  const sendTest = (id: string) => $fetch(apiPath('/api/app/webhooks/:id/test', { id }), { method: 'POST', body: {} })
  const retry = (deliveryId: string) => $fetch(apiPath('/api/app/webhooks/deliveries/:id/retry', { id: deliveryId }), { method: 'POST', body: {} })

  return {
    subscriptions: computed(() => data.value?.items ?? []),
    kinds: computed(() => data.value?.kinds ?? []),
    tokens: computed(() => data.value?.tokens ?? []),
    error: computed(() => error.value ? apiErrorOf(error.value).message : null),
    refresh, create, change, remove, sendTest, retry
  }
}

/** One subscription's deliveries, newest first, paged on the server. */
export function useWebhookDeliveries(subscriptionId: string) {
  return usePagedList<WebhookDelivery>(query => $fetch(apiPath('/api/app/webhooks/:id/deliveries', { id: subscriptionId }), { query }), { limit: 10 })
}
