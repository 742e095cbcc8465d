import type { PortalSection } from '~~/shared/vocabulary'
import type { InternalApi } from 'nitropack/types'

export type DetailRequestRow = InternalApi['/api/app/detail-requests']['get']['items'][number]
export interface DetailRequestFilters { state?: 'pending' | 'approved' | 'rejected' }

/**
 * The office's approval queue of the families' requests to change their details, one state at a time
 * (pending oldest first), paged on the server; approving applies the change through the people domain
 * with its event, rejecting keeps the reason the family reads.
 */
export function useFamilyRequests(filters: MaybeRefOrGetter<DetailRequestFilters>) {
  const list = usePagedList<DetailRequestRow, DetailRequestFilters>(query => $fetch('/api/app/detail-requests', { query }), { filters, limit: 25 })
  // Each decision sends the version the row showed: a request the family replaced since is `conflict`.
  async function approve(row: Pick<DetailRequestRow, 'id' | 'version'>) {
    const answer = await $fetch(apiPath('/api/app/detail-requests/:id/approve', { id: row.id }), { method: 'POST', body: { version: row.version } })
    await list.refresh()
    return answer
  }
  async function reject(row: Pick<DetailRequestRow, 'id' | 'version'>, reason: string) {
    const answer = await $fetch(apiPath('/api/app/detail-requests/:id/reject', { id: row.id }), { method: 'POST', body: { reason, version: row.version } })
    await list.refresh()
    return answer
  }
  return { list, approve, reject }
}

/** Settings → Family portal: the sections the school switched off for families, and switching them. */
export function usePortalSettings() {
  const { data, error, refresh } = useFetch('/api/app/portal-sections', { key: 'portal-sections', headers: useRequestHeaders(['cookie']) })
  async function save(off: PortalSection[]) {
    const answer = await $fetch('/api/app/portal-sections', { method: 'PUT', body: { off } })
    data.value = answer
    // The office's own preview reads the portal's front page afresh.
    usePortal().home.value = null
    return answer
  }
  // `loaded`: the switches wait for the school's answer, so none shows a section on that is off, nor
  // saves a list made from the empty one it would show meanwhile (which switched the others back on).
  return { off: computed(() => data.value?.off ?? []), loaded: computed(() => data.value !== undefined && data.value !== null), error, refresh, save }
}
