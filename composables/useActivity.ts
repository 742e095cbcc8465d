import type { InternalApi } from 'nitropack/types'

export type ActivityEntry = InternalApi['/api/app/activity']['get']['items'][number]
export interface ActivityFilters { kind?: string, actor?: string }

/**
 * Settings → Activity: the school's changes newest first, paged on the server and filtered there by
 * kind and by who acted; `kinds` and `actors` are what the filters offer.
 */
export function useActivity(filters: MaybeRefOrGetter<ActivityFilters>) {
  const list = usePagedList<ActivityEntry, ActivityFilters>(
    query => $fetch('/api/app/activity', { query }),
    { filters, limit: 25 }
  )
  const { data: offered, refresh: refreshFilters } = useFetch('/api/app/activity/filters', { key: 'activity-filters', headers: useRequestHeaders(['cookie']) })
  const kinds = computed(() => offered.value?.kinds ?? [])
  const actors = computed(() => offered.value?.actors ?? [])
  return { list, kinds, actors, refreshFilters }
}
