import type { InternalApi } from 'nitropack/types'
import type { RosterFormat } from '~~/shared/vocabulary'

export type RosterPreview = InternalApi['/api/app/rosters/preview']['get']['sets'][number]
export type RosterClass = InternalApi['/api/app/rosters/classes']['get']['items'][number]
export type RosterMember = InternalApi['/api/app/rosters/classes/:id/members']['get']['items'][number]

/** Every roster set as the API would serve it now, and where to download each as a zip. */
export function useRosterPreview() {
  const { data, refresh, error, status } = useFetch(
    '/api/app/rosters/preview', { key: 'roster-preview', headers: useRequestHeaders(['cookie']), server: false }
  )
  return {
    sets: computed(() => data.value?.sets ?? []),
    loading: computed(() => status.value === 'pending' || status.value === 'idle'),
    error: computed(() => error.value ? apiErrorOf(error.value).message : null),
    refresh,
    zipUrl: (format: RosterFormat) => apiPath('/api/app/rosters/:format/zip', { format })
  }
}

/** The classes the roster sets are built from, paged on the server. */
export function useRosterClasses() {
  return usePagedList<RosterClass>(query => $fetch('/api/app/rosters/classes', { query }), { limit: 20 })
}

/** One class's members in the roster sets, paged on the server. */
export function useRosterClassMembers(classId: string) {
  return usePagedList<RosterMember>(query => $fetch(apiPath('/api/app/rosters/classes/:id/members', { id: classId }), { query }), { limit: 20 })
}
