import type { InternalApi } from 'nitropack/types'
import type { OneRosterClientCreateInput } from '~~/shared/schemas/oneroster-clients'

/** A OneRoster client as made: its secret is in this answer only. */
export type CreatedOneRosterClient = InternalApi['/api/app/rostering/clients']['post']
export type OneRosterClient = InternalApi['/api/app/rostering/clients']['get']['items'][number]

/** The school's OneRoster REST clients and where platforms reach the service: list, make and revoke through /api/app, each change stepped up. */
export function useOneRosterClients() {
  const { data, refresh, error } = useFetch('/api/app/rostering/clients', { key: 'oneroster-clients', headers: useRequestHeaders(['cookie']) })
  const { withStepUp } = useStepUp()

  async function create(input: OneRosterClientCreateInput) {
    const created = await withStepUp(() => $fetch('/api/app/rostering/clients', { method: 'POST', body: input }))
    await refresh()
    return created
  }
  async function revoke(id: string) {
    const revoked = await withStepUp(() => $fetch(apiPath('/api/app/rostering/clients/:id', { id }), { method: 'DELETE' }))
    await refresh()
    return Boolean(revoked)
  }
  return {
    clients: computed(() => data.value?.items ?? []),
    endpoints: computed(() => data.value?.endpoints ?? null),
    error: computed(() => error.value ? apiErrorOf(error.value).message : null),
    create,
    revoke
  }
}
