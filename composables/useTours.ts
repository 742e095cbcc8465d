import type { InternalApi } from 'nitropack/types'
import type { TourChanges, TourInput } from '~~/shared/schemas/tours'

/** A tour as the office's list answers it. */
export type OfficeTour = InternalApi['/api/app/tours']['get']['items'][number]
/** A booking with the family's contact details. */
export type TourBooking = InternalApi['/api/app/tours/:id/bookings']['get']['items'][number]
export type TourWhen = 'upcoming' | 'past'

/** How often places left are asked for again while the page is visible. */
export const tourPollMs = 4000

/**
 * The office's tours: the list (upcoming or past, paged on the server), one tour's bookings, what a
 * tour can name (audiences, campuses), and create, edit and cancel, each answering once the list is
 * fresh. While the page is visible, the list and the bookings shown are asked for again every few
 * seconds, so places taken over /api/v1 appear without a reload.
 */
export function useTours(when: Ref<TourWhen>, selectedId: Ref<string | null>) {
  const list = reactive(usePagedList<OfficeTour, { when: TourWhen }>(
    query => $fetch('/api/app/tours', { query }),
    { limit: 20, filters: () => ({ when: when.value }) }
  ))
  const bookings = reactive(usePagedList<TourBooking>(
    query => $fetch(apiPath('/api/app/tours/:id/bookings', { id: selectedId.value! }), { query }),
    { limit: 20, immediate: false }
  ))
  watch(selectedId, id => id ? bookings.first() : undefined)
  const { data: choices } = useFetch('/api/app/tours/choices', { key: 'tour-choices', headers: useRequestHeaders(['cookie']) })

  async function refreshAll() {
    await Promise.all([list.refresh(), selectedId.value ? bookings.refresh() : undefined])
  }
  let timer: ReturnType<typeof setInterval> | undefined
  onMounted(() => {
    timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !list.loading) void refreshAll()
    }, tourPollMs)
  })
  onBeforeUnmount(() => clearInterval(timer))

  async function create(input: TourInput) {
    const created = await $fetch('/api/app/tours', { method: 'POST', body: input })
    await list.refresh()
    return created
  }
  async function edit(id: string, changes: TourChanges) {
    await $fetch(apiPath('/api/app/tours/:id', { id }), { method: 'PATCH', body: changes })
    await list.refresh()
  }
  async function cancel(id: string) {
    await $fetch(apiPath('/api/app/tours/:id/cancel', { id }), { method: 'POST' })
    await list.refresh()
  }
  return { list, bookings, choices, create, edit, cancel }
}
