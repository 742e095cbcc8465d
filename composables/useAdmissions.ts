import type { InternalApi } from 'nitropack/types'
import type { ApplicationState } from '~~/shared/vocabulary'
import type { ApplicationEventInput, OfferInput } from '~~/shared/schemas/applications'
import type { DuplicateDecision } from '~~/shared/schemas/admissions-office'

/** An application as the board shows it. */
export type BoardApplication = InternalApi['/api/app/admissions/applications']['get']['items'][number]
/** An enquiry as its list shows it. */
export type EnquiryListing = InternalApi['/api/app/admissions/enquiries']['get']['items'][number]
/** The possible duplicates of an application's or enquiry's people. */
export type PossibleDuplicates = InternalApi['/api/app/admissions/applications/:id/duplicates']['get']
export type DuplicateSubjectType = 'applications' | 'enquiries'
export type OfficeStep = 'offer' | 'accept' | 'decline' | 'start' | 'withdraw'

/** The board's columns, in the order an application moves through them. */
export const boardStates: readonly ApplicationState[] = ['submitted', 'offered', 'accepted', 'declined', 'started', 'withdrawn', 'left']

/** One column of the applications board, paged on the server. */
export function useBoardColumn(state: MaybeRefOrGetter<ApplicationState>, limit = 10) {
  return usePagedList<BoardApplication, { state: ApplicationState }>(
    query => $fetch('/api/app/admissions/applications', { query }),
    { limit, filters: () => ({ state: toValue(state) }) }
  )
}

/** The school's enquiries, newest first, searched on the server. */
export function useEnquiries(search: MaybeRefOrGetter<string>) {
  return usePagedList<EnquiryListing, { search: string }>(
    query => $fetch('/api/app/admissions/enquiries', { query }),
    { limit: 25, filters: () => ({ search: toValue(search) }) }
  )
}

/**
 * The admissions office's work: the board's counts and the school's lists, the office's steps on an
 * application (each the domain's own, as /api/v1 and the CLI take them), and the possible duplicates.
 * Every write refreshes the counts; the caller refreshes the columns it shows.
 */
export function useAdmissions() {
  const headers = useRequestHeaders(['cookie'])
  const { data: countsData, refresh: refreshCounts } = useFetch('/api/app/admissions/applications/counts', { key: 'admissions-counts', headers })
  const { data: lists } = useFetch('/api/app/admissions/lists', { key: 'admissions-lists', headers })
  const counts = computed(() => countsData.value?.counts)

  async function takeStep(id: string, step: OfficeStep, body: OfferInput | ApplicationEventInput | Record<string, never> = {}) {
    try {
      switch (step) {
        case 'offer': return await $fetch(apiPath('/api/app/admissions/applications/:id/offer', { id }), { method: 'POST', body })
        case 'accept': return await $fetch(apiPath('/api/app/admissions/applications/:id/accept', { id }), { method: 'POST', body: {} })
        case 'decline': return await $fetch(apiPath('/api/app/admissions/applications/:id/decline', { id }), { method: 'POST', body: {} })
        default: return await $fetch(apiPath('/api/app/admissions/applications/:id/events', { id }), { method: 'POST', body })
      }
    } finally {
      await refreshCounts()
    }
  }

  function duplicates(type: DuplicateSubjectType, id: string): Promise<PossibleDuplicates> {
    return type === 'applications'
      ? $fetch(apiPath('/api/app/admissions/applications/:id/duplicates', { id }))
      : $fetch(apiPath('/api/app/admissions/enquiries/:id/duplicates', { id }))
  }
  function decide(type: DuplicateSubjectType, id: string, decision: DuplicateDecision) {
    return type === 'applications'
      ? $fetch(apiPath('/api/app/admissions/applications/:id/duplicates', { id }), { method: 'POST', body: decision })
      : $fetch(apiPath('/api/app/admissions/enquiries/:id/duplicates', { id }), { method: 'POST', body: decision })
  }

  return { counts, lists, refreshCounts, takeStep, duplicates, decide }
}
