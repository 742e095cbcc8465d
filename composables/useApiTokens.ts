import type { InternalApi } from 'nitropack/types'
import type { TokenIssueInput } from '~~/shared/schemas/staff-settings'

/** A token as issued or rotated: the secret is in this answer only. */
export type IssuedToken = InternalApi['/api/app/tokens']['post']
/** A scope a token can hold, with what it grants, as the tokens list offers it. */
export type TokenScope = InternalApi['/api/app/tokens']['get']['scopes'][number]

/** The school's API tokens of one kind (settings or rostering): list, issue, rotate and revoke through /api/app. */
export function useApiTokens(via: 'settings' | 'rostering') {
  const { data, refresh, status } = useFetch('/api/app/tokens', { key: 'api-tokens', headers: useRequestHeaders(['cookie']) })
  const tokens = computed(() => (data.value?.items ?? []).filter(token => token.issuedVia === via))
  const scopes = computed(() => data.value?.scopes ?? [])
  const { withStepUp } = useStepUp()

  async function issue(input: TokenIssueInput) {
    const issued = await withStepUp(() => via === 'rostering'
      ? $fetch('/api/app/tokens/rostering', { method: 'POST', body: input })
      : $fetch('/api/app/tokens', { method: 'POST', body: input }))
    await refresh()
    return issued
  }
  async function rotate(id: string) {
    const issued = await withStepUp(() => $fetch(apiPath('/api/app/tokens/:id/rotate', { id }), { method: 'POST', body: {} }))
    await refresh()
    return issued
  }
  async function revoke(id: string) {
    await $fetch(apiPath('/api/app/tokens/:id', { id }), { method: 'DELETE' })
    await refresh()
  }
  return { tokens, scopes, status, issue, rotate, revoke }
}
