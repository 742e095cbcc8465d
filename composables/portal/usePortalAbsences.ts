import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { explainAbsenceInput, portalAbsenceInput } from '~~/shared/schemas/absences'

type PortalAbsencesAnswer = InternalApi['/api/app/portal/absences']['get']
/** An absence on the portal's Absences, as the adult reads it (`canWithdraw` is the server's). */
export type PortalAbsence = PortalAbsencesAnswer['items'][number]
/** An absence the register found that waits for the family's explanation. */
export type PortalUnexplainedAbsence = PortalAbsencesAnswer['unexplained'][number]
/** A child the adult may report for, with the days they are on the roll from today on. */
export type PortalAbsenceChild = PortalAbsencesAnswer['children'][number]

const pageSize = 20

/**
 * Absences: the children the adult may report for, the reasons the school offers, what the school asked about, and
 * the absences newest first, 20 at a time with "Show more"; reporting, withdrawing and explaining one, each followed
 * by a fresh first page.
 */
export function usePortalAbsences() {
  const read = portalRead(useFetch('/api/app/portal/absences', {
    key: 'portal-absences', query: { limit: pageSize }, headers: useRequestHeaders(['cookie'])
  }))
  // Pages after the first, added under it; a write starts again from the first.
  const more = ref<PortalAbsence[]>([])
  const moreCursor = ref<string | null | undefined>(undefined)
  const loadingMore = ref(false)
  const items = computed(() => [...read.data.value?.items ?? [], ...more.value])
  const nextCursor = computed(() => moreCursor.value === undefined ? read.data.value?.nextCursor ?? null : moreCursor.value)

  async function showMore() {
    if (!nextCursor.value) return
    loadingMore.value = true
    try {
      const page = await $fetch('/api/app/portal/absences', { query: { limit: pageSize, cursor: nextCursor.value } })
      more.value = [...more.value, ...page.items]
      moreCursor.value = page.nextCursor
    } finally {
      loadingMore.value = false
    }
  }
  async function afterWrite<T>(answer: T) {
    more.value = []
    moreCursor.value = undefined
    await read.refresh()
    return answer
  }
  const report = async (body: z.input<typeof portalAbsenceInput>) => afterWrite(await $fetch('/api/app/portal/absences', { method: 'POST', body }))
  const withdraw = async (id: string) => afterWrite(await $fetch(`/api/app/portal/absences/${id}/withdraw`, { method: 'POST' }))
  const explain = async (id: string, body: z.input<typeof explainAbsenceInput>) =>
    afterWrite(await $fetch(`/api/app/portal/absences/unexplained/${id}/explain`, { method: 'POST', body }))

  return { ...read, items, nextCursor, loadingMore, showMore, report, withdraw, explain }
}
