import type { TokenIssueInput, TokenListing } from '~~/shared/schemas/staff-settings'

interface TokenList { items: TokenListing[], scopes: { name: string, grants: string }[] }
export interface IssuedToken { id: string, token: string, expiresOn: string }

/** The school's API tokens of one kind (settings or rostering): list, issue, rotate and revoke through /api/app. */
export function useApiTokens(via: 'settings' | 'rostering') {
  const { data, refresh, status } = useFetch<TokenList>('/api/app/tokens', { key: 'api-tokens', headers: useRequestHeaders(['cookie']) })
  const tokens = computed(() => (data.value?.items ?? []).filter(token => token.issuedVia === via))
  const scopes = computed(() => data.value?.scopes ?? [])
  const { withStepUp } = useStepUp()

  async function issue(input: TokenIssueInput) {
    const issued = await withStepUp(() => $fetch<IssuedToken>(via === 'rostering' ? '/api/app/tokens/rostering' : '/api/app/tokens', { method: 'POST', body: input }))
    await refresh()
    return issued
  }
  async function rotate(id: string) {
    const issued = await withStepUp(() => $fetch<IssuedToken>(`/api/app/tokens/${id}/rotate`, { method: 'POST', body: {} }))
    await refresh()
    return issued
  }
  async function revoke(id: string) {
    await $fetch(`/api/app/tokens/${id}`, { method: 'DELETE' })
    await refresh()
  }
  return { tokens, scopes, status, issue, rotate, revoke }
}
