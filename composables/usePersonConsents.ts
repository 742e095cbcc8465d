import type { InternalApi } from 'nitropack/types'

export type ChildConsents = InternalApi['/api/app/consents/children/:id']['get']

/**
 * A child's consents in force on a day, for their record: each purpose the child was asked about with
 * its latest ask, and yes, no or not yet on that day (today while the day is empty).
 */
export function usePersonConsents(personId: MaybeRefOrGetter<string>, day: Ref<string>) {
  const id = computed(() => toValue(personId))
  const { data, error, refresh, status } = useFetch(() => apiPath('/api/app/consents/children/:id', { id: id.value }), {
    key: `child-consents-${id.value}`, query: computed(() => (day.value ? { day: day.value } : {})), headers: useRequestHeaders(['cookie'])
  })
  return { consents: data, error, refresh, loading: computed(() => status.value === 'pending') }
}
