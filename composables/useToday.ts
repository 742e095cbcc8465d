import type { InternalApi } from 'nitropack/types'

/** Today's counts as the server answers them. */
export type Today = InternalApi['/api/app/today']['get']

/** Today's counts for the signed-in member, in one request: what needs someone's hand now. */
export function useToday() {
  const { data, error, refresh, status } = useFetch('/api/app/today', { key: 'today', headers: useRequestHeaders(['cookie']) })
  return { today: data, error: computed(() => (error.value ? apiErrorOf(error.value) : null)), refresh, loading: computed(() => status.value === 'pending') }
}
